import { describe, expect, it } from 'vitest';
import { accountSlice, signedIn, signedOut } from './account-slice';

describe('the account slice', () => {
  it('holds the session from sign-in until sign-out', () => {
    const start = accountSlice.reducer(undefined, { type: 'init' });
    expect(start).toEqual({ status: 'unknown', session: null });
    const session = { email: 'jane@example.com', csrfToken: 'abc', verified: false };
    const inside = accountSlice.reducer(start, signedIn(session));
    expect(inside).toEqual({ status: 'signedIn', session });
    expect(accountSlice.reducer(inside, signedOut())).toEqual({ status: 'signedOut', session: null });
  });
});
