/**
 * The account pages' words for a failed call, from RTK Query's `{ status, data }` (the one shape
 * of every account call's failure; lib/api-error.ts reads it).
 */
import { errorCode, errorStatus, serverErrorText } from '../../lib/api-error';

/** The server's own words for a refusal: its field errors, else its `error`. */
function refusalText(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const fields = (error as { data?: { fieldErrors?: Record<string, string> } | null }).data?.fieldErrors;
    if (fields && Object.keys(fields).length > 0) return Object.values(fields).join(' ');
  }
  return serverErrorText(error);
}

const OUR_SIDE = 'Something went wrong on our side. Please try again.';

/** A refusal (a 4xx) in the server's words; anything else (our side, the network) as `fallback`. */
export function refusalMessage(error: unknown, fallback: string): string {
  const status = errorStatus(error);
  return status !== undefined && status < 500 ? (refusalText(error) ?? OUR_SIDE) : fallback;
}

const LOAD_FAILED = 'This could not be loaded just now. Please reload the page in a moment.';

/**
 * An invoices, card or credit call's failure: the server's words for any refusal it explained (a declined card's
 * 402 and a busy 503 included), `fallback` for an unexplained failure of ours or the network; a
 * step of the page's own (Stripe.js) as its Error's message.
 */
export function moneyMessage(error: unknown, fallback = LOAD_FAILED): string {
  if (error instanceof Error) return error.message;
  const status = errorStatus(error);
  if (status === undefined) return fallback;
  if (status >= 500 && (errorCode(error) ?? 'internal') === 'internal') return fallback;
  return refusalText(error) ?? OUR_SIDE;
}
