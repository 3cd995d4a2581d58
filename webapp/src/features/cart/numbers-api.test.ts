import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { CART_ID, emptyCart } from '../../testing/fixtures';
import { jsonResponse, mockFetch } from '../../testing/mock-fetch';
import type { CartPhoneNumber } from '../../lib/api-types';
import { cartApi } from './api';
import { CART_ID_KEY } from './cart-slice';

const london: CartPhoneNumber = {
  value: '442079460000',
  displayValue: '020 7946 0000',
  provider: 'unknown',
  isTransfer: false,
  isPlaceholder: false,
  areaCode: '020',
  country: 'GB',
  free: false,
  pricePence: 200,
};

describe('number commands', () => {
  it('addNumber creates the cart when the visitor has none and caches the answer', async () => {
    const withNumber = emptyCart({ phoneNumbers: [london], hasSelectedNumbers: true, badgeCount: 1 });
    const { calls } = mockFetch({
      'POST /api/carts': () => jsonResponse(emptyCart(), 201),
      [`POST /api/carts/${CART_ID}/numbers`]: () => withNumber,
    });
    const store = makeStore();
    await store.dispatch(cartApi.endpoints.addNumber.initiate({ value: london.value, isTransfer: false })).unwrap();
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual(['POST /api/carts', `POST /api/carts/${CART_ID}/numbers`]);
    expect(JSON.parse(calls[1].body)).toEqual({ value: london.value, isTransfer: false });
    expect(window.localStorage.getItem(CART_ID_KEY)).toBe(CART_ID);
    expect(cartApi.endpoints.getCart.select(CART_ID)(store.getState()).data).toEqual(withNumber);
  });

  it('a number taken by another cart (409) leaves the cached cart as it was', async () => {
    window.localStorage.setItem(CART_ID_KEY, CART_ID);
    const before = emptyCart();
    mockFetch({
      [`POST /api/carts/${CART_ID}/numbers`]: () =>
        jsonResponse({ error: 'This number has just been taken. Please choose another.', code: 'number_taken' }, 409),
    });
    const store = makeStore();
    store.dispatch(cartApi.util.upsertQueryEntries([{ endpointName: 'getCart', arg: CART_ID, value: before }]));
    const result = await store.dispatch(cartApi.endpoints.addNumber.initiate({ value: london.value }));
    expect(result.error).toEqual({ status: 409, data: { error: 'This number has just been taken. Please choose another.', code: 'number_taken' } });
    expect(cartApi.endpoints.getCart.select(CART_ID)(store.getState()).data).toEqual(before);
  });

  it('replaceNumbers sends the whole list with PUT', async () => {
    window.localStorage.setItem(CART_ID_KEY, CART_ID);
    const { calls } = mockFetch({ [`PUT /api/carts/${CART_ID}/numbers`]: () => emptyCart() });
    const store = makeStore();
    await store.dispatch(cartApi.endpoints.replaceNumbers.initiate({ numbers: [] })).unwrap();
    expect(JSON.parse(calls[0].body)).toEqual({ numbers: [] });
  });
});
