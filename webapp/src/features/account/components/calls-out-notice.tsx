import type { AccountOrderDetail } from '../types';

/**
 * Why the order's calls out are refused, when they are (docs/product-rules.md, Service follows
 * the money): the same phrase the phones get with the registrar's 403, such as "Payment failed:
 * update your card in your account". Nothing while calls out go.
 */
export function CallsOutNotice({ order }: { order: Pick<AccountOrderDetail, 'callsOutSuspended'> }) {
  const reason = order.callsOutSuspended;
  if (!reason) return null;
  return (
    <p className="account-suspended" role="status">
      <span className="account-status account-status-bad">Calls out suspended: {reason}</span>
    </p>
  );
}
