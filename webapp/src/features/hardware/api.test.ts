import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { makeStore } from '../../app/store';
import { jsonResponse } from '../../testing/mock-fetch';
import { brandProducts, hardwareApi, toProduct } from './api';
import { fakeHardwareServer, phone } from './testing/fake-hardware-server';
import type { HardwareProduct } from './types';
import { productsSignature, useStableProducts } from './use-brand-products';

describe('hardware data', () => {
  it('maps an item with the catalogue defaults: price 0, in stock unless false, rating 5, published', () => {
    const product = toProduct({ id: 7, brand: 'Cisco', name: 'Cisco 8841' });
    expect(product).toEqual({
      id: '7', brand: 'cisco', model: '', name: 'Cisco 8841', pricePence: 0, originalPricePence: undefined, shortDesc: '', description: '',
      features: [], compatibility: [], inStock: true, rating: 5, status: 'published', images: [], specs: {}, updatedAt: undefined,
    });
    expect(toProduct({ id: 1, brand: 'cisco', inStock: false })?.inStock).toBe(false);
    expect(toProduct({ id: 1, brand: 'nokia' })).toBeNull();
  });

  it('reads images as URLs or objects with url, image_url or image, without repeats', () => {
    const product = toProduct({ id: 1, brand: 'yealink', images: ['/a.png', { url: '/b.png' }, { image_url: '/c.png' }, { image: '/d.png' }, { filename: 'x' }, '/a.png'] });
    expect(product?.images).toEqual(['/a.png', '/b.png', '/c.png', '/d.png']);
  });

  it("keeps only the brand's published items", () => {
    const items = [phone({ id: 'a' }), phone({ id: 'b', status: 'draft' }), phone({ id: 'c', brand: 'cisco' }), phone({ id: 'd', status: null })];
    expect(brandProducts(items, 'yealink').map((product) => product.id)).toEqual(['a', 'd']);
  });

  it('asks GET /api/hardware/?brand=... once within the 60 s cache', async () => {
    const server = fakeHardwareServer({ items: [phone({ id: 'a' })] });
    const store = makeStore();
    const first = store.dispatch(hardwareApi.endpoints.getBrandHardware.initiate('yealink'));
    await first;
    first.unsubscribe();
    const again = await store.dispatch(hardwareApi.endpoints.getBrandHardware.initiate('yealink'));
    expect(again.data?.map((product) => product.id)).toEqual(['a']);
    expect(server.listCalls()).toEqual(['yealink']);
    expect(server.calls[0].url.search).toBe('?brand=yealink');
  });

  it('a failed call and a 200 that is not the list are both errors', async () => {
    fakeHardwareServer({
      list: (brand) => (brand === 'cisco' ? jsonResponse({ success: false, error: 'Boom', code: 'internal' }, 500) : { error: 'Nope' }),
    });
    const store = makeStore();
    const cisco = await store.dispatch(hardwareApi.endpoints.getBrandHardware.initiate('cisco'));
    expect(cisco.error).toMatchObject({ status: 500 });
    const polycom = await store.dispatch(hardwareApi.endpoints.getBrandHardware.initiate('polycom'));
    expect(polycom.error).toMatchObject({ status: 200, data: { error: 'Nope' } });
  });
});

describe('useStableProducts', () => {
  const product = (id: string, updatedAt: string) => toProduct(phone({ id, updatedAt })) as HardwareProduct;

  it('keeps the same list while the ids and update stamps stay the same', () => {
    const first = [product('a', 't1'), product('b', 't1')];
    const { result, rerender } = renderHook(({ list }) => useStableProducts(list), { initialProps: { list: first } });
    expect(result.current).toBe(first);

    rerender({ list: [product('a', 't1'), product('b', 't1')] });
    expect(result.current).toBe(first);

    const restamped = [product('a', 't2'), product('b', 't1')];
    rerender({ list: restamped });
    expect(result.current).toBe(restamped);

    const reordered = [product('b', 't1'), product('a', 't2')];
    rerender({ list: reordered });
    expect(result.current).toBe(reordered);
    expect(productsSignature(reordered)).toBe('b@t1|a@t2');
  });

  it('is undefined until there is data', async () => {
    const { result, rerender } = renderHook(({ list }: { list: HardwareProduct[] | undefined }) => useStableProducts(list), {
      initialProps: { list: undefined as HardwareProduct[] | undefined },
    });
    expect(result.current).toBeUndefined();
    const list = [product('a', 't1')];
    rerender({ list });
    await waitFor(() => expect(result.current).toBe(list));
  });
});
