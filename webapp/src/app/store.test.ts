import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../testing/mock-fetch';

describe('the store and the server API', () => {
  it('a store made before the API module loads gets its cache and middleware when it does', async () => {
    vi.resetModules();
    const { makeStore: freshMakeStore } = await import('./store');
    const store = freshMakeStore();
    expect(store.getState()).not.toHaveProperty('api');

    mockFetch({ 'GET /api/quote': () => ({ plan: 'singleUser', billingCycle: 'monthly', quantity: 2, blocks: 2, unitPence: 1299, linePence: 2598 }) });
    const { plansApi } = await import('../features/plans/api');
    expect(store.getState()).toHaveProperty('api.queries', {});
    const quote = await store.dispatch(plansApi.endpoints.getQuote.initiate({ plan: 'singleUser', billingCycle: 'monthly', quantity: 2 }));
    expect(quote.data?.linePence).toBe(2598);
    expect(plansApi.endpoints.getQuote.select({ plan: 'singleUser', billingCycle: 'monthly', quantity: 2 })(store.getState()).data?.linePence).toBe(2598);
  });
});
