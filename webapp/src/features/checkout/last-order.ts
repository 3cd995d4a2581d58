/** localStorage key of the last order's id, read by the thank-you page after a reload (no passwords). */
export const LAST_ORDER_KEY = 'lastOrderId';

export const thankYouPath = (orderId: string) => `/thank-you?order=${encodeURIComponent(orderId)}`;
