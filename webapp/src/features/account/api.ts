import { apiBaseUrl } from '../../lib/api-base-url';
import { signedIn, signedOut, type AccountSession } from './account-slice';

type Dispatch = (action: ReturnType<typeof signedIn> | ReturnType<typeof signedOut>) => unknown;

/** The store the account pages run in (set by `connectAccount`), for the CSRF token and 401s. */
let connected: { dispatch: Dispatch; csrfToken: () => string | null } | null = null;

/** Binds accountFetch to a store: AccountGate calls it once per store it renders in. */
export function connectAccount(dispatch: Dispatch, csrfToken: () => string | null): void {
  connected = { dispatch, csrfToken };
}

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/** `/api/account/...` from a path under /api (`account/orders`, `/account/me`). */
function apiUrl(path: string): string {
  const base = apiBaseUrl().replace(/\/$/, '');
  return `${base}/${path.replace(/^\//, '')}`;
}

/**
 * A call of the signed-in customer: same-origin credentials (the HttpOnly session cookie), the
 * session's CSRF token on state-changing methods, and a 401 (no session, or it ended) turns the
 * store to signed out, so the account pages send the visitor to sign in.
 */
export async function accountFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  const token = connected?.csrfToken();
  if (!SAFE_METHODS.includes(method) && token) headers.set('X-CSRF-Token', token);
  if (init.body !== undefined && typeof init.body === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  const response = await fetch(apiUrl(path), { ...init, method, headers, credentials: 'same-origin' });
  if (response.status === 401 && connected) connected.dispatch(signedOut());
  return response;
}

/** What every refusal of the API holds. */
export interface Refusal {
  error: string;
  code: string;
  fieldErrors?: Record<string, string>;
}

/** A refused call: the API's message (what to do next) and code. */
export class AccountError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const FAILED = 'Something went wrong on our side. Please try again.';

/** The body of an answer, or an AccountError with the API's message. */
export async function readJson<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as (T & Partial<Refusal>) | null;
  if (!response.ok) {
    const fields = body?.fieldErrors ? Object.values(body.fieldErrors).join(' ') : '';
    throw new AccountError(fields || body?.error || FAILED, body?.code ?? 'internal', response.status);
  }
  return body as T;
}

/** The `{ success, data }` envelope of the account routes. */
interface Envelope<T> {
  data: T;
}

/** The signed-in customer, or null (401). */
export async function loadSession(dispatch: Dispatch): Promise<AccountSession | null> {
  const response = await fetch(apiUrl('account/me'), { credentials: 'same-origin' });
  if (response.status === 401) {
    dispatch(signedOut());
    return null;
  }
  const session = (await readJson<Envelope<AccountSession>>(response)).data;
  dispatch(signedIn(session));
  return session;
}

export type SignInCredentials = { email: string; password: string } | { email: string; googleCredential: string };

export async function signIn(dispatch: Dispatch, credentials: SignInCredentials): Promise<AccountSession> {
  const response = await fetch(apiUrl('account/sign-in'), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const session = (await readJson<Envelope<AccountSession>>(response)).data;
  dispatch(signedIn(session));
  return session;
}

export async function signOut(dispatch: Dispatch): Promise<void> {
  await accountFetch('account/sign-out', { method: 'POST' });
  dispatch(signedOut());
}
