/**
 * The per-order secret: the server gives it with the order (create-payment-intent) to the browser
 * that placed it, and asks for it back before it creates the account and shows the SIP passwords
 * (create-user-account), so an order id alone collects nothing.
 *
 * Besides the checkout's state, it is kept in this tab's sessionStorage under the order's id, so
 * that a reload in the middle of the payment can still finish the order. Never localStorage (it
 * would outlive the tab and be shared with every other tab) and never the URL (which ends up in
 * history, logs and Referer headers). Once the order completes, every other order's secret is
 * forgotten (an earlier order of the same cart will not be finished); the completed order's own is
 * kept in this tab, because its thank-you page still proves with it that this is the browser that
 * placed the order (the buyer's letter of authority, personal data of the order).
 * The middleware below mirrors the checkout's events into storage, as the cart's does its id.
 */
import type { Middleware } from '@reduxjs/toolkit';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';
import { orderCompleted, orderPlaced } from './checkout-slice';

const KEY_PREFIX = 'orderSecret:';

export const orderSecretKey = (orderId: string) => `${KEY_PREFIX}${orderId}`;

/** The last order this tab placed (same prefix, so it is forgotten with the others). */
const LATEST_KEY = `${KEY_PREFIX}latest`;

export function storedOrderSecret(orderId: string): string | null {
  return readStorage(orderSecretKey(orderId), 'session') || null;
}

export function latestOrderSecret(): string | null {
  return readStorage(LATEST_KEY, 'session') || null;
}

/**
 * Every order secret of this tab but `keep`'s: once an order completes, an earlier order of the same
 * cart will not be finished.
 */
function forgetOrderSecrets(keep?: string): void {
  let keys: string[];
  try {
    keys = Object.keys(window.sessionStorage).filter(
      (key) => key.startsWith(KEY_PREFIX) && (keep === undefined || key !== orderSecretKey(keep)),
    );
  } catch (error) {
    console.warn('Could not list the order secrets in storage', error);
    return;
  }
  for (const key of keys) removeStorage(key, 'session');
}

/** Keeps the placed order's secret in sessionStorage and forgets every one when an order completes. */
export const orderSecretStorageMiddleware: Middleware = () => (next) => (action) => {
  const result = next(action);
  if (orderPlaced.match(action)) {
    writeStorage(orderSecretKey(action.payload.orderId), action.payload.orderSecret, 'session');
    writeStorage(LATEST_KEY, action.payload.orderSecret, 'session');
  }
  else if (orderCompleted.match(action)) forgetOrderSecrets(action.payload.orderId);
  return result;
};
