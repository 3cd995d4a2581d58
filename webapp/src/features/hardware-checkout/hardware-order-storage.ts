/**
 * sessionStorage `hardwareOrder`: the paid order as the thank-you page reads it back (its id,
 * secret and number, the payment and how far confirming got). This tab only: never
 * localStorage (it would outlive the tab and be shared) and never the URL.
 */
import type { ConfirmationStatus, StoredHardwareOrder } from './types';

const HARDWARE_ORDER_KEY = 'hardwareOrder';

const STATUSES: readonly ConfirmationStatus[] = ['confirmed', 'payment-only', 'error-handled'];

/** Keeps the order for the thank-you page; false when the browser refused to store it. */
export function storeHardwareOrder(order: StoredHardwareOrder): boolean {
  try {
    window.sessionStorage.setItem(HARDWARE_ORDER_KEY, JSON.stringify(order));
    return true;
  } catch (error) {
    console.warn('Could not keep the hardware order in this tab', error);
    return false;
  }
}

const optionalText = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The order this tab paid, or null (none, or not readable). */
export function readHardwareOrder(): StoredHardwareOrder | null {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(HARDWARE_ORDER_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as Record<string, unknown>;
  const orderId = optionalText(stored.orderId);
  const orderSecret = optionalText(stored.orderSecret);
  if (!orderId || !orderSecret) return null;
  const status = stored.confirmationStatus;
  return {
    orderId,
    orderSecret,
    orderNumber: optionalText(stored.orderNumber) ?? '',
    paymentIntentId: optionalText(stored.paymentIntentId),
    confirmationStatus: STATUSES.includes(status as ConfirmationStatus) ? (status as ConfirmationStatus) : undefined,
    reference: optionalText(stored.reference),
  };
}
