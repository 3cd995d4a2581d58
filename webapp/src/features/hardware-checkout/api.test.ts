import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { jsonResponse, mockFetch } from '../../testing/mock-fetch';
import { hardwareCheckoutApi, paymentRetryTiming } from './api';

const body = {
  order_id: 'order-1',
  order_secret: 'secret',
  payment_method_id: 'pm_1',
  amount: 21360,
  customer_email: 'jane@example.co.uk',
  customer_name: 'Jane Smith',
  customer_phone: '020 7946 0123',
  shipping_address: { line1: '1 Example Road', line2: '', city: 'Testtown', postalCode: 'ID1 1QD', country: 'GB' },
  shipping_option: 'saturday',
  hardware_items: [],
  payment_type: 'hardware_purchase' as const,
  quote_version: 'q0123456789abcdef',
};

const create = () => makeStore().dispatch(hardwareCheckoutApi.endpoints.createHardwarePayment.initiate(body));
const sleep = vi.fn(async () => undefined);

beforeEach(() => {
  sleep.mockClear();
  vi.spyOn(paymentRetryTiming, 'sleep').mockImplementation(sleep);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the payment calls', () => {
  it('POST /api/create-hardware-payment/?_={now} with the body and no-cache headers', async () => {
    const { calls } = mockFetch({ 'POST /api/create-hardware-payment/': () => ({ status: 'succeeded', payment_intent_id: 'pi_1' }) });
    const before = Date.now();
    const result = await create();
    expect(result.data).toEqual({ status: 'succeeded', payment_intent_id: 'pi_1' });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call.url.pathname).toBe('/api/create-hardware-payment/');
    expect(Number(call.url.searchParams.get('_'))).toBeGreaterThanOrEqual(before);
    expect(call.headers?.get('Cache-Control')).toBe('no-cache');
    expect(call.headers?.get('Pragma')).toBe('no-cache');
    expect(JSON.parse(call.body)).toEqual(body);
  });

  it('a 404 is tried again (a new timestamp each time) up to 3 attempts, waiting 1 s then 2 s', async () => {
    const { calls } = mockFetch({ 'POST /api/create-hardware-payment/': () => jsonResponse({ error: 'Order not found.', code: 'hardware_order_not_found' }, 404) });
    const result = await create();
    expect(calls).toHaveLength(3);
    expect(sleep.mock.calls).toEqual([[1000], [2000]]);
    expect(result.error).toEqual({ status: 404, data: { error: 'Order not found.', code: 'hardware_order_not_found' } });
  });

  it('a network error is tried again; a later answer is the result', async () => {
    let attempt = 0;
    mockFetch({
      'POST /api/confirm-hardware-payment/': () => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        return { orderId: 'order-1', orderNumber: 'HW-100001', status: 'confirmed' };
      },
    });
    const result = await makeStore().dispatch(hardwareCheckoutApi.endpoints.confirmHardwarePayment.initiate({ paymentIntentId: 'pi_1' }));
    expect(attempt).toBe(2);
    expect(result.data).toEqual({ orderId: 'order-1', orderNumber: 'HW-100001', status: 'confirmed' });
  });

  it('a 402 is answered at once, its JSON as the error', async () => {
    const declined = { error: 'Your card was declined.', code: 'card_declined', decline_code: 'insufficient_funds' };
    const { calls } = mockFetch({ 'POST /api/create-hardware-payment/': () => jsonResponse(declined, 402) });
    const result = await create();
    expect(calls).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
    expect(result.error).toEqual({ status: 402, data: declined });
  });

  it('an answer that is not JSON: a PARSING_ERROR with the status and its text', async () => {
    mockFetch({ 'POST /api/create-hardware-payment/': () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }) });
    expect((await create()).error).toEqual({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>Bad gateway</html>', error: 'Bad Gateway' });
    mockFetch({ 'POST /api/create-hardware-payment/': () => new Response('OK', { status: 200, statusText: 'OK' }) });
    expect((await create()).error).toMatchObject({ status: 'PARSING_ERROR', originalStatus: 200 });
  });

  it("the thank-you page's background confirmation is one call, never retried", async () => {
    const { calls } = mockFetch({ 'POST /api/confirm-hardware-payment/': () => jsonResponse({ error: 'Payment not found.', code: 'payment_not_found' }, 404) });
    const result = await makeStore().dispatch(hardwareCheckoutApi.endpoints.confirmHardwarePaymentInBackground.initiate({ paymentIntentId: 'pi_1' }));
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0].body)).toEqual({ paymentIntentId: 'pi_1' });
    expect(result.error).toMatchObject({ status: 404 });
  });
});

describe('the other calls', () => {
  it('the quote names the cart and, once chosen, the shipping option', async () => {
    const { calls } = mockFetch({ 'GET /api/hardware-checkout/quote': () => ({ lines: [], shipping: null, amounts: {} }) });
    const store = makeStore();
    await store.dispatch(hardwareCheckoutApi.endpoints.getHardwareQuote.initiate({ cartId: 'cart-1' }));
    await store.dispatch(hardwareCheckoutApi.endpoints.getHardwareQuote.initiate({ cartId: 'cart-1', shippingOption: 'express' }));
    expect(calls.map((call) => call.url.search)).toEqual(['?cartId=cart-1', '?cartId=cart-1&shippingOption=express']);
  });

  it("the order's view sends its secret as X-Order-Secret, never in the URL", async () => {
    const { calls } = mockFetch({ 'GET /api/hardware-orders/:id': () => ({}) });
    await makeStore().dispatch(hardwareCheckoutApi.endpoints.getHardwareOrder.initiate({ orderId: 'order-1', orderSecret: 'hos_secret' }));
    expect(calls[0].url.href).toBe('http://localhost:3000/api/hardware-orders/order-1');
    expect(calls[0].headers?.get('X-Order-Secret')).toBe('hos_secret');
  });

  it('a card setup posts the secret for the order', async () => {
    const { calls } = mockFetch({ 'POST /api/hardware-orders/:id/card-setup': () => ({ clientSecret: 'seti_1_secret', setupIntentId: 'seti_1' }) });
    await makeStore().dispatch(hardwareCheckoutApi.endpoints.startHardwareCardSetup.initiate({ orderId: 'order-1', orderSecret: 'hos_secret' }));
    expect(calls[0].url.pathname).toBe('/api/hardware-orders/order-1/card-setup');
    expect(JSON.parse(calls[0].body)).toEqual({ orderSecret: 'hos_secret' });
  });
});
