import type { components } from '../../../generated/api';
import { accountFetch, readJson } from '../api';

export type Invoice = components['schemas']['InvoiceOut'];
export type Card = components['schemas']['CardOut'];
export type CardChange = components['schemas']['CardChangeOut'];
export type Cancellation = components['schemas']['CancellationOut'];
export type Credit = components['schemas']['CreditOut'];
export type CreditEntry = components['schemas']['CreditEntryOut'];
export type TopUp = components['schemas']['TopUpOut'];

interface Envelope<T> {
  data: T;
}

const base = (orderId: string) => `account/orders/${encodeURIComponent(orderId)}`;

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  return (await readJson<Envelope<T>>(await accountFetch(path, init))).data;
}

/** The order's billing calls (api/src/http/routes/account_billing.rs). */
export const billingApi = {
  invoices: (orderId: string) => call<Invoice[]>(`${base(orderId)}/invoices`),
  card: async (orderId: string) => (await call<{ card?: Card | null }>(`${base(orderId)}/card`)).card ?? null,
  startCardChange: (orderId: string) => call<CardChange>(`${base(orderId)}/card/setup`, { method: 'POST' }),
  finishCardChange: (orderId: string, setupIntentId: string) =>
    call<Card>(`${base(orderId)}/card`, { method: 'POST', body: JSON.stringify({ setupIntentId }) }),
  cancellation: (orderId: string) => call<Cancellation>(`${base(orderId)}/cancellation`),
  giveNotice: (orderId: string) => call<Cancellation>(`${base(orderId)}/cancellation`, { method: 'POST' }),
  keepService: (orderId: string) => call<Cancellation>(`${base(orderId)}/cancellation`, { method: 'DELETE' }),
  credit: (orderId: string) => call<Credit>(`${base(orderId)}/credit`),
  topUp: (orderId: string, amountPence: number, requestId: string) =>
    call<TopUp>(`${base(orderId)}/credit/top-ups`, {
      method: 'POST',
      body: JSON.stringify({ amountPence, requestId }),
    }),
  /** Calls abroad on with a monthly cap in pence, or off (`null`). */
  setInternationalCalls: (orderId: string, monthlyCapPence: number | null) =>
    call<Credit>(`${base(orderId)}/credit/international-calls`, {
      method: 'PUT',
      body: JSON.stringify({ monthlyCapPence }),
    }),
};

export { formatTenths } from '../../../lib/format-money';

/** A day as the page shows it: 27 December 2026. */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** A new id for one top-up request (the same for its retry after 3-D Secure). */
export function newRequestId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return random.replace(/[^A-Za-z0-9-]/g, '').slice(0, 64);
}
