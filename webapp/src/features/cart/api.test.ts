import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { makeStore } from '../../app/store';
import { CART_ID, catalogueFixture, emptyCart, hardwareCart, serviceCart } from '../../testing/fixtures';
import { jsonResponse, mockFetch } from '../../testing/mock-fetch';
import { cartApi } from './api';
import { CART_ID_KEY } from './cart-slice';

describe('cart commands', () => {
  it('the first command creates the cart, stores its id and caches the answer', async () => {
    const selected = serviceCart({ addOns: [], phoneNumbers: [], badgeCount: 1 });
    const { calls } = mockFetch({
      'POST /api/carts': () => jsonResponse(emptyCart(), 201),
      [`PUT /api/carts/${CART_ID}/package`]: () => selected,
    });
    const store = makeStore();
    expect(store.getState().cart.cartId).toBeNull();
    const cart = await store.dispatch(cartApi.endpoints.selectPackage.initiate({ plan: 'singleUser', billingCycle: 'yearly', quantity: 2 })).unwrap();
    expect(cart.badgeCount).toBe(1);
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual(['POST /api/carts', `PUT /api/carts/${CART_ID}/package`]);
    expect(JSON.parse(calls[1].body)).toEqual({ plan: 'singleUser', billingCycle: 'yearly', quantity: 2 });
    expect(store.getState().cart.cartId).toBe(CART_ID);
    expect(window.localStorage.getItem(CART_ID_KEY)).toBe(CART_ID);
    expect(cartApi.endpoints.getCart.select(CART_ID)(store.getState()).data).toEqual(selected);
  });

  it('addHardware creates the cart when there is none, posts the product and quantity and caches the answer', async () => {
    const withPhone = hardwareCart();
    const { calls } = mockFetch({
      'POST /api/carts': () => jsonResponse(emptyCart(), 201),
      [`POST /api/carts/${CART_ID}/hardware`]: () => withPhone,
    });
    const store = makeStore();
    await store.dispatch(cartApi.endpoints.addHardware.initiate({ productId: 'p-1', quantity: 2 })).unwrap();
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual(['POST /api/carts', `POST /api/carts/${CART_ID}/hardware`]);
    expect(JSON.parse(calls[1].body)).toEqual({ productId: 'p-1', quantity: 2 });
    expect(store.getState().cart.cartId).toBe(CART_ID);
    expect(cartApi.endpoints.getCart.select(CART_ID)(store.getState()).data).toEqual(withPhone);
  });

  it('reads the stored cart id at start', () => {
    window.localStorage.setItem(CART_ID_KEY, CART_ID);
    expect(makeStore().getState().cart.cartId).toBe(CART_ID);
  });

  it('a 404 for the stored cart drops the id (the cart is treated as empty)', async () => {
    window.localStorage.setItem(CART_ID_KEY, CART_ID);
    mockFetch({ [`GET /api/carts/${CART_ID}`]: () => jsonResponse({ error: 'Cart not found', code: 'cart_not_found' }, 404) });
    const store = makeStore();
    store.dispatch(cartApi.endpoints.getCart.initiate(CART_ID));
    await waitFor(() => expect(store.getState().cart.cartId).toBeNull());
    expect(window.localStorage.getItem(CART_ID_KEY)).toBeNull();
  });

  it('a command on a cart that vanished starts a new cart once', async () => {
    window.localStorage.setItem(CART_ID_KEY, 'stale');
    const fresh = emptyCart();
    mockFetch({
      'PUT /api/carts/stale/package': () => jsonResponse({ error: 'Cart not found', code: 'cart_not_found' }, 404),
      'POST /api/carts': () => jsonResponse(fresh, 201),
      [`PUT /api/carts/${CART_ID}/package`]: () => serviceCart(),
    });
    const store = makeStore();
    await store.dispatch(cartApi.endpoints.selectPackage.initiate({ plan: 'singleUser', billingCycle: 'yearly', quantity: 2 })).unwrap();
    expect(store.getState().cart.cartId).toBe(CART_ID);
  });

  it('a refused command returns the server message', async () => {
    window.localStorage.setItem(CART_ID_KEY, CART_ID);
    mockFetch({
      [`PUT /api/carts/${CART_ID}/top-up`]: () => jsonResponse({ error: 'Top-up must be in whole pounds', code: 'top_up_not_whole_pounds' }, 422),
    });
    const store = makeStore();
    const result = await store.dispatch(cartApi.endpoints.setTopUp.initiate({ amountPence: 1050 }));
    expect(result.error).toEqual({ status: 422, data: { error: 'Top-up must be in whole pounds', code: 'top_up_not_whole_pounds' } });
    expect(catalogueFixture.topUp.minimumPence).toBe(1000);
  });
});
