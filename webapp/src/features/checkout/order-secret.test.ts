import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { orderCompleted, orderPlaced } from './checkout-slice';
import { latestOrderSecret, orderSecretKey, storedOrderSecret } from './order-secret';
import { ORDER_ID, ORDER_SECRET } from './testing/fixtures';

describe('order secret storage', () => {
  it("mirrors the placed order's secret into this tab's sessionStorage by order id, never localStorage", () => {
    const store = makeStore();
    store.dispatch(orderPlaced({ orderId: ORDER_ID, orderSecret: ORDER_SECRET }));
    expect(window.sessionStorage.getItem(orderSecretKey(ORDER_ID))).toBe(ORDER_SECRET);
    expect(storedOrderSecret(ORDER_ID)).toBe(ORDER_SECRET);
    expect(storedOrderSecret('another-order')).toBeNull();
    expect(window.localStorage).toHaveLength(0);
  });

  it("forgets every other order secret of the tab when an order completes, keeping the completed order's own", () => {
    const store = makeStore();
    store.dispatch(orderPlaced({ orderId: 'an-earlier-order', orderSecret: 'os_earlier' }));
    store.dispatch(orderPlaced({ orderId: ORDER_ID, orderSecret: ORDER_SECRET }));
    window.sessionStorage.setItem('unrelated', 'kept');
    store.dispatch(orderCompleted({ orderId: ORDER_ID, orderNumber: 'SB-123456', email: 'jane@example.co.uk', password: null, extensions: [] }));
    // Its thank-you page still proves with it that this browser placed the order (the letter of authority).
    expect(storedOrderSecret(ORDER_ID)).toBe(ORDER_SECRET);
    expect(latestOrderSecret()).toBeNull();
    expect(storedOrderSecret('an-earlier-order')).toBeNull();
    expect(window.sessionStorage.getItem('unrelated')).toBe('kept');
    expect(store.getState().checkout.placed).toBeNull();
  });
});
