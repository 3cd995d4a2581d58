/** Where the account pages start. */
export const ACCOUNT_PATH = '/account';
export const SIGN_IN_PATH = '/account/sign-in';

/**
 * Where to go after signing in: `next` when it is a path of the account pages (never another
 * site, nor a path that merely starts with "/account"), else /account.
 */
export function nextAfterSignIn(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return ACCOUNT_PATH;
  const path = next.split(/[?#]/)[0];
  if (path !== ACCOUNT_PATH && !path.startsWith(`${ACCOUNT_PATH}/`)) return ACCOUNT_PATH;
  if (path === SIGN_IN_PATH) return ACCOUNT_PATH;
  return next;
}

/** The sign-in page's address that comes back to `path` afterwards. */
export function signInPath(path: string): string {
  return `${SIGN_IN_PATH}?next=${encodeURIComponent(path)}`;
}
