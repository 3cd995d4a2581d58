import { describe, expect, it } from 'vitest';
import { nextAfterSignIn, signInPath } from './next-path';

describe('where sign-in goes next', () => {
  it('goes to an account page it was sent from', () => {
    expect(nextAfterSignIn('/account/orders/abc')).toBe('/account/orders/abc');
    expect(nextAfterSignIn('/account')).toBe('/account');
    expect(signInPath('/account/orders/abc')).toBe('/account/sign-in?next=%2Faccount%2Forders%2Fabc');
  });

  it('never leaves the account pages, nor loops back to sign-in', () => {
    for (const next of [null, '', 'https://evil.example/account', '//evil.example/account', '/accounts-evil', '/admin', '/\\evil', '/account/sign-in']) {
      expect(nextAfterSignIn(next)).toBe('/account');
    }
  });
});
