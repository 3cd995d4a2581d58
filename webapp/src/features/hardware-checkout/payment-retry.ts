/**
 * The retry rule of the two payment calls (docs/product-rules.md, Hardware checkout): up to 3 attempts, the waits
 * doubling from 1 s (1 s, 2 s, then 4 s were there a fourth), on a 400 or 404 answer or a
 * network error; any other failing status, and any success, stops at once.
 */

export const MAX_PAYMENT_ATTEMPTS = 3;
export const FIRST_RETRY_WAIT_MS = 1000;

/** The wait after failed attempt `attempt` (from 1): 1000, 2000, 4000 ms... */
export const retryWaitMs = (attempt: number) => FIRST_RETRY_WAIT_MS * 2 ** (attempt - 1);

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

export type Sleep = (ms: number) => Promise<void>;

export const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` under the retry rule and answers the last result. `wait` is injected by tests. */
export async function withPaymentRetry<T extends CallResult>(attempt: () => Promise<T>, wait: Sleep = sleep): Promise<T> {
  for (let made = 1; ; made += 1) {
    const result = await attempt();
    if (made >= MAX_PAYMENT_ATTEMPTS || !isRetried(result)) return result;
    await wait(retryWaitMs(made));
  }
}
