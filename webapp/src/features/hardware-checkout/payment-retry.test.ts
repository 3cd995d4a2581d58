import { describe, expect, it, vi } from 'vitest';
import { retryWaitMs } from '../../lib/card-payment/card-payment';
import { isRetried, MAX_PAYMENT_ATTEMPTS, withPaymentRetry, type CallResult } from './payment-retry';

/** A call answering `results` in turn, counting its attempts. */
function answers(...results: CallResult[]) {
  const attempt = vi.fn(async () => results[Math.min(attempt.mock.calls.length - 1, results.length - 1)]);
  return attempt;
}

const ok: CallResult = {};
const failing = (status: unknown): CallResult => ({ error: { status } });

describe('the retry rule of the payment calls', () => {
  it('waits double from 1 s', () => {
    expect([1, 2, 3].map(retryWaitMs)).toEqual([1000, 2000, 4000]);
    expect(MAX_PAYMENT_ATTEMPTS).toBe(3);
  });

  it.each([
    ['400', failing(400)],
    ['404', failing(404)],
    ['a network error', failing('FETCH_ERROR')],
    ['a 404 that is not JSON', { error: { status: 'PARSING_ERROR', originalStatus: 404 } }],
  ])('%s is tried again, at most 3 attempts in all, waiting 1 s then 2 s', async (_case, result) => {
    const attempt = answers(result);
    const sleep = vi.fn(async () => undefined);
    expect(await withPaymentRetry(attempt, sleep)).toBe(result);
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[1000], [2000]]);
  });

  it.each([
    ['402', failing(402)],
    ['403', failing(403)],
    ['409', failing(409)],
    ['422', failing(422)],
    ['500', failing(500)],
    ['502', failing(502)],
    ['a 500 that is not JSON', { error: { status: 'PARSING_ERROR', originalStatus: 500 } }],
  ])('%s stops at once', async (_case, result) => {
    const attempt = answers(result);
    const sleep = vi.fn(async () => undefined);
    expect(await withPaymentRetry(attempt, sleep)).toBe(result);
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('a success after a 404 is answered at once (one wait of 1 s)', async () => {
    const attempt = answers(failing(404), ok);
    const sleep = vi.fn(async () => undefined);
    expect(await withPaymentRetry(attempt, sleep)).toBe(ok);
    expect(attempt).toHaveBeenCalledTimes(2);
    expect(sleep.mock.calls).toEqual([[1000]]);
  });

  it('a 402 after a network error stops there', async () => {
    const declined = failing(402);
    const attempt = answers(failing('FETCH_ERROR'), declined, ok);
    const sleep = vi.fn(async () => undefined);
    expect(await withPaymentRetry(attempt, sleep)).toBe(declined);
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it('waits for real by default (fake timers)', async () => {
    vi.useFakeTimers();
    try {
      const attempt = answers(failing(400), ok);
      const done = withPaymentRetry(attempt);
      await vi.advanceTimersByTimeAsync(999);
      expect(attempt).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(await done).toBe(ok);
      expect(attempt).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('isRetried reads successes and other statuses as final', () => {
    expect(isRetried(ok)).toBe(false);
    expect(isRetried(failing('CUSTOM_ERROR'))).toBe(false);
  });
});
