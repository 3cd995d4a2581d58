import type { StaffRole } from './types';

/** Where staff land after signing in when nothing else is asked for: their home, by role (staffHomePath). */
export const DEFAULT_ADMIN_PATH = '/admin';
export const LOGIN_PATH = '/admin/login';
export const ORDERS_PATH = '/admin/orders';
export const PORTS_PATH = '/admin/ports';
export const HARDWARE_PATH = '/admin/hardware';
export const MAIL_PATH = '/admin/mail';
export const QUOTES_PATH = '/admin/quotes';
export const ANALYTICS_PATH = '/admin/analytics';
export const FRAUD_PATH = '/admin/fraud';

/** The page /admin opens for a role: support staff look after orders, admins the catalogue. */
export function staffHomePath(role: StaffRole): string {
  return role === 'support' ? ORDERS_PATH : HARDWARE_PATH;
}

/** The fraud panel's page of one account (a service order or a trial). */
export function fraudAccountPath(kind: string, id: string): string {
  return `${FRAUD_PATH}/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;
}

/** The support console's page of one order. */
export function orderPath(kind: string, id: string): string {
  return `${ORDERS_PATH}/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;
}

/** A path on this site (not `//host` or `/\host`, which browsers treat as another site), never the sign-in page itself. */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === LOGIN_PATH || value.startsWith(`${LOGIN_PATH}?`) || value.startsWith(`${LOGIN_PATH}/`) || value.startsWith(`${LOGIN_PATH}#`)) return null;
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

/** Where to go after signing in: `?next=`, else the navigation state's `from`, else the staff home (/admin). */
export function nextAfterSignIn(nextParam: string | null, state: unknown): string {
  return safeNextPath(nextParam) ?? safeNextPath(pathFromState(state)) ?? DEFAULT_ADMIN_PATH;
}

/** The sign-in page, asked to come back to `path`. */
export function signInPathFor(path: string): string {
  return `${LOGIN_PATH}?next=${encodeURIComponent(path)}`;
}
