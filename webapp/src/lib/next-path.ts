/**
 * The one guard of `?next=` (and a navigation state's `from`) after signing in: the account
 * pages and the staff console each send the visitor back where they were, and never to another
 * site (an open redirect) nor back to the sign-in page.
 */

/** A part of the site behind its own sign-in page. */
interface SignInArea {
  /** Where the area starts, and where sign-in goes when nothing safe was asked for. */
  home: string;
  signIn: string;
}

/** The customer's account pages. */
export const accountArea = { home: '/account', signIn: '/account/sign-in' } as const satisfies SignInArea;

/** The staff console. */
export const staffArea = { home: '/admin', signIn: '/admin/login' } as const satisfies SignInArea;

/** `path` is `root` itself or a path under it (not one that merely starts with the same letters). */
function within(path: string, root: string): boolean {
  return path === root || path.startsWith(`${root}/`);
}

/**
 * `value` when it is a path of `area` other than its sign-in page, else null. Refused: anything
 * not starting with one `/` (another site: `https:`, `//host`), any backslash (`/\host`, which
 * browsers read as `//host`), any control character or whitespace (browsers drop tabs and line
 * breaks from a URL, so `/\t/host` is `//host`), and paths outside the area.
 */
export function safeNextPath(value: unknown, area: SignInArea): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.includes('\\') || /[\s\p{Cc}]/u.test(value)) return null;
  const path = value.split(/[?#]/)[0];
  if (!within(path, area.home) || within(path, area.signIn)) return null;
  return value;
}

interface FromState {
  from?: string | { pathname?: string; search?: string; hash?: string };
}

/** The path a navigation state names in `from` (a string or a location). */
function pathFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = (state as FromState).from;
  if (typeof from === 'string') return from;
  if (from && typeof from.pathname === 'string') return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return null;
}

/** Where to go after signing in: `?next=`, else the navigation state's `from`, else the area's home. */
export function nextAfterSignIn(area: SignInArea, nextParam: string | null, state?: unknown): string {
  return safeNextPath(nextParam, area) ?? safeNextPath(pathFromState(state), area) ?? area.home;
}

/** The area's sign-in page, asked to come back to `path` afterwards. */
export function signInPathFor(area: SignInArea, path: string): string {
  return `${area.signIn}?next=${encodeURIComponent(path)}`;
}
