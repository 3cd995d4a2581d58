/**
 * The retry rule of the two payment calls (docs/product-rules.md, Hardware checkout): up to 3 attempts, the waits
 * doubling from 1 s (1 s, 2 s, then 4 s were there a fourth), on a 400 or 404 answer or a
 * network error; any other failing status, and any success, stops at once.
 */

import { retryWaitMs } from '../../lib/card-payment/card-payment';
import { sleep, type Sleep } from '../../lib/card-payment/run-card-payment';

export const MAX_PAYMENT_ATTEMPTS = 3;

/** A call's result as RTK Query's base query gives it: an error with a status, or data. */
export interface CallResult {
  error?: { status: unknown; originalStatus?: unknown };
}

const RETRIED_STATUSES: unknown[] = [400, 404];

/** Whether the rule tries this result again: 400, 404 (also with a body that is not JSON) or no answer. */
export function isRetried(result: CallResult): boolean {
  const { error } = result;
  if (!error) return false;
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return true;
  if (error.status === 'PARSING_ERROR') return RETRIED_STATUSES.includes(error.originalStatus);
  return RETRIED_STATUSES.includes(error.status);
}

/** Runs `attempt` under the retry rule and answers the last result. `wait` is injected by tests. */
export async function withPaymentRetry<T extends CallResult>(attempt: () => Promise<T>, wait: Sleep = sleep): Promise<T> {
  for (let made = 1; ; made += 1) {
    const result = await attempt();
    if (made >= MAX_PAYMENT_ATTEMPTS || !isRetried(result)) return result;
    await wait(retryWaitMs(made));
  }
}
