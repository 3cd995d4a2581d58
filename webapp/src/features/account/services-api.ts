/**
 * The account's service calls (api/src/http/routes/account_services.rs): a new SIP password for
 * an extension, the order's transfers and the letter of authority signed from the account, a
 * desk-phone order's VAT receipt. Each goes through `accountFetch` (the session's cookie and CSRF
 * token; a 401 signs the page out) and rejects with the server's refusal as `{ status, data }`,
 * the shape lib/api-error.ts reads.
 */
import type { Schema } from '../../lib/api-types';
import { accountFetch } from './api';

export type NewSipPassword = Schema<'NewSipPassword'>;
export type Transfers = Schema<'Transfers'>;
export type HardwareReceipt = Schema<'HardwareReceipt'>;
export type LetterOfAuthority = Schema<'LetterOfAuthorityBody'>;

/** A refused or failed call: the HTTP status and the server's `{ error, code }` when it sent one. */
export class AccountCallError extends Error {
  readonly status: number;
  readonly data: { error?: string; code?: string } | null;

  constructor(status: number, data: { error?: string; code?: string } | null) {
    super(data?.error ?? `The server answered ${status}.`);
    this.status = status;
    this.data = data;
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await accountFetch(path, init);
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new AccountCallError(response.status, typeof body === 'object' && body !== null ? (body as { error?: string; code?: string }) : null);
  }
  return body as T;
}

const segment = encodeURIComponent;

function post(body?: unknown): RequestInit {
  return body === undefined
    ? { method: 'POST' }
    : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

/** POST …/extensions/{number}/sip-password of a service order (or a trial): the new password, shown once. */
export function resetSipPassword(kind: 'order' | 'trial', id: string, number: string): Promise<NewSipPassword> {
  const owner = kind === 'trial' ? 'trials' : 'orders';
  return call(`account/${owner}/${segment(id)}/extensions/${segment(number)}/sip-password`, post());
}

export function getTransfers(orderId: string): Promise<Transfers> {
  return call(`account/orders/${segment(orderId)}/transfers`);
}

/** Signs (or corrects) a transfer's letter of authority; answers the order's transfers. */
export function signLetterOfAuthority(orderId: string, number: string, details: LetterOfAuthority): Promise<Transfers> {
  return call(`account/orders/${segment(orderId)}/ports/${segment(number)}/letter-of-authority`, post(details));
}

/** A mobile's new PAC code, through the order's own route as its signed-in owner (answers the order). */
export function giveTransferPac(orderId: string, number: string, pac: string): Promise<unknown> {
  return call(`orders/${segment(orderId)}/ports/${segment(number)}/pac`, post({ pac }));
}

export function getHardwareReceipt(orderId: string): Promise<HardwareReceipt> {
  return call(`account/hardware-orders/${segment(orderId)}/receipt`);
}
