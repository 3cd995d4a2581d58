import { describe, expect, it } from 'vitest';
import { accountArea, nextAfterSignIn, safeNextPath, signInPathFor, staffArea } from './next-path';

describe('where sign-in goes next', () => {
  it('goes back to a page of the area it was sent from, query and hash kept', () => {
    expect(nextAfterSignIn(accountArea, '/account/orders/abc')).toBe('/account/orders/abc');
    expect(nextAfterSignIn(accountArea, '/account')).toBe('/account');
    expect(safeNextPath('/admin/hardware?x=1', staffArea)).toBe('/admin/hardware?x=1');
    expect(signInPathFor(accountArea, '/account/orders/abc')).toBe('/account/sign-in?next=%2Faccount%2Forders%2Fabc');
    expect(signInPathFor(staffArea, '/admin/orders')).toBe('/admin/login?next=%2Fadmin%2Forders');
  });

  it('takes the navigation state’s `from` (a path or a location) when there is no ?next=', () => {
    expect(nextAfterSignIn(staffArea, null, { from: '/admin/hardware#x' })).toBe('/admin/hardware#x');
    expect(nextAfterSignIn(staffArea, null, { from: { pathname: '/admin/fraud', search: '?q=1', hash: '#a' } })).toBe('/admin/fraud?q=1#a');
    expect(nextAfterSignIn(staffArea, '//evil.example', { from: '/admin/mail' })).toBe('/admin/mail');
    expect(nextAfterSignIn(staffArea, null, { from: 'https://evil.example/admin' })).toBe('/admin');
  });

  it('never leaves the area, nor loops back to its sign-in page', () => {
    const refused = [
      null,
      '',
      'https://evil.example/account',
      '//evil.example/account',
      '/\\evil.example/account',
      '/account\\..\\..\\evil',
      '/\t/evil.example/account',
      '/account\n',
      '/accounts-evil',
      '/admin',
      '/account/sign-in',
      '/account/sign-in?next=/account',
      '/account/sign-in#x',
    ];
    for (const next of refused) expect(nextAfterSignIn(accountArea, next), String(next)).toBe('/account');
    for (const next of ['//evil.example/', '/\\evil.example/', 'https://evil.example/', '/admin/login?next=/x', '/admin/login/', '/account', '/administrator']) {
      expect(safeNextPath(next, staffArea), next).toBeNull();
    }
  });
});
