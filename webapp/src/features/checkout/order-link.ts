import { readStorage, writeStorage } from '../../lib/storage';
import { storedOrderSecret } from './order-secret';

/**
 * The signed token of a link from an e-mail about an order (`/thank-you?order=...&link=...`):
 * kept in this tab's sessionStorage by order, so that the page's reads (and a reload) show the
 * order's details. It is worth what the link is (until the expiry the server signed into it); never localStorage.
 */
const linkKey = (orderId: string) => `orderLink:${orderId}`;

export function rememberOrderLink(orderId: string, link: string): void {
  if (readStorage(linkKey(orderId), 'session') !== link) writeStorage(linkKey(orderId), link, 'session');
}

/** The headers that show the order is this browser's: its secret and an e-mail's link, when kept. */
export function orderOwnerHeaders(orderId: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const secret = storedOrderSecret(orderId);
  if (secret) headers['X-Order-Secret'] = secret;
  const link = readStorage(linkKey(orderId), 'session');
  if (link) headers['X-Order-Link'] = link;
  return headers;
}
