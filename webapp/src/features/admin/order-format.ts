import type { OrderEventActor } from './order-types';

/** Who made an event happen, as the timeline says it. */
export function actorLabel(actor: OrderEventActor): string {
  switch (actor.kind) {
    case 'buyer':
      return 'Buyer';
    case 'staff':
      return actor.name ? `Staff: ${actor.name}` : 'Staff';
    case 'customer':
      return actor.name ? `Customer ${actor.name}` : 'Customer';
    case 'job':
      return actor.name ? `Job: ${actor.name}` : 'Job';
    case 'webhook':
      return 'Stripe webhook';
    default:
      return 'System';
  }
}

const GOOD_STATUSES = new Set(['paid', 'completed', 'confirmed', 'active', 'converted']);
const BAD_STATUSES = new Set(['failed', 'cancelled']);

/** A status word as a label: 'payment_only' → 'Payment only'. */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '—';
}

/** The badge's colour class of a status: settled ones good, failed or cancelled ones bad. */
export function statusTone(status: string): string {
  if (GOOD_STATUSES.has(status)) return 'is-good';
  if (BAD_STATUSES.has(status)) return 'is-bad';
  return '';
}

/** JSON laid out for reading (two-space indents); nothing shows as 'null'. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value ?? null, null, 2);
}

/** A positive whole number from the URL, else undefined. */
export function positiveInteger(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}
