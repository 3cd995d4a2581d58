/** A status word as a label: 'payment_only' → 'Payment only'. */
function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '—';
}

const GOOD = new Set(['paid', 'completed', 'confirmed', 'active', 'converted', 'shipped', 'delivered']);
const BAD = new Set(['failed', 'cancelled', 'expired', 'ended', 'released']);

/** An order's or trial's status as a word, coloured by whether it is good news. */
export function StatusBadge({ status }: { status: string }) {
  const tone = GOOD.has(status) ? 'good' : BAD.has(status) ? 'bad' : 'neutral';
  return <span className={`account-status account-status-${tone}`}>{statusLabel(status)}</span>;
}
