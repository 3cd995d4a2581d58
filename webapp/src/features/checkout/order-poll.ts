/**
 * How often the thank-you page asks for the order again: while the confirmation e-mail is on
 * its way, then while a number transfer is open, so that staff's steps show.
 */
import { EMAIL_POLL_MS, emailSettled } from '../../components/email-status';
import { isTransferOpen } from '../../lib/transfer-rules';
import type { OrderView } from './types';

/** How often the page asks again while a transfer is open, so that staff's steps show. */
export const TRANSFER_POLL_MS = 30_000;

/**
 * The thank-you page's polling interval: every few seconds until the confirmation e-mail has
 * settled (also before the order has loaded), then every 30 seconds while a transfer is open,
 * else not at all.
 */
export function orderPollInterval(order: Pick<OrderView, 'emailStatus' | 'ports'> | undefined): number {
  if (!order || !emailSettled(order.emailStatus)) return EMAIL_POLL_MS;
  return (order.ports ?? []).some(isTransferOpen) ? TRANSFER_POLL_MS : 0;
}
