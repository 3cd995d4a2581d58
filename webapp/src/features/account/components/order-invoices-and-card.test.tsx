import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../../app/store';
import { jsonResponse, mockFetch } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { formatTenths } from '../../../lib/format-money';
import { accountApi } from '../api';
import { OrderInvoicesAndCard } from './order-invoices-and-card';
import { OrderCredit } from './order-credit';

const ORDER = '0b7c9f2e-0000-4000-8000-000000000001';
const BASE = `/api/account/orders/${ORDER}`;
const CARD = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2031 };
const NOT_CANCELLED = { cancellable: true, canUndo: false, effectiveOn: null, noticeDays: 30 };
const CANCELLED = { cancellable: true, canUndo: true, effectiveOn: '2026-12-27T09:00:00Z', noticeDays: 30 };
const RULES = { minimumPence: 1000, maximumPence: 500000, stepPence: 100, defaultPence: 1000, choicesPence: [1000, 2000, 5000, 10000], vatPercent: 20 };

const ABROAD_OFF = { monthlyCapPence: null, spentThisMonthTenths: 0, rateTenths: 30, minimumCapPence: 100, maximumCapPence: 50000 };

function credit(balanceTenths: number, entries: unknown[] = [], international: unknown = ABROAD_OFF) {
  return { available: true, balanceTenths, boughtTenths: balanceTenths, entries, topUp: RULES, international };
}

function invoicesServer(overrides: Record<string, (request: Request) => unknown> = {}) {
  let cancellation: unknown = NOT_CANCELLED;
  return mockFetch({
    [`GET ${BASE}/invoices`]: () => ({
      invoices: [{ id: 'in_1', number: null, date: '2026-11-27T09:00:00Z', amountPence: 599, paidPence: 599, status: 'paid', url: null }],
    }),
    [`GET ${BASE}/card`]: () => ({ card: CARD }),
    [`GET ${BASE}/cancellation`]: () => cancellation,
    [`POST ${BASE}/cancellation`]: () => {
      cancellation = CANCELLED;
      return cancellation;
    },
    [`DELETE ${BASE}/cancellation`]: () => {
      cancellation = NOT_CANCELLED;
      return cancellation;
    },
    'GET /api/checkout/config': () => ({ stripePublishableKey: 'pk_test', stripeJsUrl: 'http://stripe.invalid/v3/', googleClientId: null }),
    ...overrides,
  });
}

describe('OrderInvoicesAndCard', () => {
  it('lists the invoices and the card on file', async () => {
    invoicesServer();
    renderWithProviders(<OrderInvoicesAndCard orderId={ORDER} />, { store: makeStore() });
    const row = await screen.findByTestId('invoice-row');
    expect(row).toHaveTextContent('27 November 2026');
    expect(row).toHaveTextContent('£5.99');
    expect(row).toHaveTextContent('Paid');
    expect(await screen.findByTestId('card-on-file')).toHaveTextContent('VISA ending 4242, expires 12/2031');
  });

  it('cancels with the notice the terms state, shows the day it ends, and keeps the service', async () => {
    const { calls } = invoicesServer();
    const user = userEvent.setup();
    renderWithProviders(<OrderInvoicesAndCard orderId={ORDER} />, { store: makeStore() });
    await user.click(await screen.findByRole('button', { name: 'Cancel service' }));
    expect(screen.getByText(/30 days’ notice, as our terms say/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    const part = await screen.findByTestId('cancellation');
    expect(await within(part).findByText('27 December 2026')).toBeInTheDocument();
    await user.click(within(part).getByRole('button', { name: 'Keep my service' }));
    expect(await within(part).findByRole('button', { name: 'Cancel service' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === `${BASE}/cancellation`).map((c) => c.method)).toEqual(['GET', 'POST', 'DELETE']);
  });

  it('says what to do when a cancellation is refused', async () => {
    invoicesServer({
      [`POST ${BASE}/cancellation`]: () =>
        jsonResponse({ success: false, code: 'cancellation_in_trial', error: 'Your service is still in its free trial.' }, 409),
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderInvoicesAndCard orderId={ORDER} />, { store: makeStore() });
    await user.click(await screen.findByRole('button', { name: 'Cancel service' }));
    await user.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your service is still in its free trial.');
  });
});

describe('OrderCredit', () => {
  it('shows the balance and tops up a chosen amount, once per request', async () => {
    let balance = 10_000;
    const { calls } = mockFetch({
      [`GET ${BASE}/credit`]: () => credit(balance),
      [`POST ${BASE}/credit/top-ups`]: async (request) => {
        const body = (await request.json()) as { amountPence: number; requestId: string };
        balance += body.amountPence * 10;
        return { status: 'paid', clientSecret: null, chargedPence: 2400, credit: credit(balance) };
      },
      'GET /api/checkout/config': () => ({ stripePublishableKey: 'pk_test', stripeJsUrl: 'http://stripe.invalid/v3/', googleClientId: null }),
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderCredit orderId={ORDER} />, { store: makeStore() });
    expect(await screen.findByTestId('credit-balance')).toHaveTextContent('£10.00');
    await user.click(screen.getByRole('radio', { name: '£20.00' }));
    expect(screen.getByText(/costs £24.00 with VAT/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Top up £20.00' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Paid £24.00: £20.00 of credit is added.');
    // The answer's balance is written into the credit's cache just after the status shows.
    await waitFor(() => expect(screen.getByTestId('credit-balance')).toHaveTextContent('£30.00'));
    const posts = calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(c.body) as { amountPence: number; requestId: string });
    expect(posts).toHaveLength(1);
    expect(posts[0].amountPence).toBe(2000);
    expect(posts[0].requestId).toMatch(/^[A-Za-z0-9-]{1,64}$/);
  });

  it('tells the buyer a declined card bought nothing and what to do', async () => {
    mockFetch({
      [`GET ${BASE}/credit`]: () => credit(10_000),
      [`POST ${BASE}/credit/top-ups`]: () =>
        jsonResponse({ success: false, code: 'card_declined', error: 'Your card was declined.', card_declined: true }, 402),
      'GET /api/checkout/config': () => ({ stripePublishableKey: 'pk_test', stripeJsUrl: 'http://stripe.invalid/v3/', googleClientId: null }),
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderCredit orderId={ORDER} />, { store: makeStore() });
    await user.click(await screen.findByRole('button', { name: 'Top up £10.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined. Change the card on file, then try again.');
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('£10.00');
  });

  it('lists what bought and what spent the credit', async () => {
    mockFetch({
      [`GET ${BASE}/credit`]: () =>
        credit(9834, [
          { at: '2026-11-27T10:00:00Z', tenths: -166, kind: 'call', reference: '+447700900123', seconds: 61 },
          { at: '2026-11-26T10:00:00Z', tenths: 10_000, kind: 'checkout', reference: 'pi_1', seconds: null },
        ]),
      'GET /api/checkout/config': () => ({ stripePublishableKey: 'pk_test', stripeJsUrl: 'http://stripe.invalid/v3/', googleClientId: null }),
    });
    renderWithProviders(<OrderCredit orderId={ORDER} />, { store: makeStore() });
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('27 November 2026: -£0.166 call to +447700900123 (1 min 1 s)');
    expect(items[1]).toHaveTextContent('26 November 2026: +£10.00 bought with your order');
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('£9.834');
  });

  it('is not shown for a plan that includes its calls', async () => {
    mockFetch({ [`GET ${BASE}/credit`]: () => ({ ...credit(0), available: false }) });
    const store = makeStore();
    renderWithProviders(<OrderCredit orderId={ORDER} />, { store });
    const selectCredit = accountApi.endpoints.getCredit.select(ORDER);
    await vi.waitFor(() => expect(selectCredit(store.getState() as Parameters<typeof selectCredit>[0]).isSuccess).toBe(true));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});

describe('formatTenths', () => {
  it('shows credit to the tenth of a penny when there is one', () => {
    expect(formatTenths(10_000)).toBe('£10.00');
    expect(formatTenths(166)).toBe('£0.166');
    expect(formatTenths(1_234_560)).toBe('£1,234.56');
  });
});

describe('Calls abroad', () => {
  it('are turned on with a monthly limit in whole pounds, refused outside £1 to £500, and off again', async () => {
    let international: unknown = ABROAD_OFF;
    const puts: unknown[] = [];
    mockFetch({
      [`GET ${BASE}/credit`]: () => credit(10_000, [], international),
      [`PUT ${BASE}/credit/international-calls`]: async (request) => {
        const body = (await request.json()) as { monthlyCapPence: number | null };
        puts.push(body);
        international = { ...ABROAD_OFF, monthlyCapPence: body.monthlyCapPence };
        return credit(10_000, [], international);
      },
      'GET /api/checkout/config': () => ({ stripePublishableKey: 'pk_test', stripeJsUrl: 'http://stripe.invalid/v3/', googleClientId: null }),
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderCredit orderId={ORDER} />, { store: makeStore() });
    expect(await screen.findByTestId('international-status')).toHaveTextContent('Off: your phones cannot call numbers abroad.');
    const limit = screen.getByRole('textbox', { name: 'Monthly limit (£)' });
    await user.type(limit, '900');
    await user.click(screen.getByRole('button', { name: 'Turn calls abroad on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a monthly limit in whole pounds, from £1 to £500.');
    expect(puts).toHaveLength(0);
    await user.clear(limit);
    await user.type(limit, '25');
    await user.click(screen.getByRole('button', { name: 'Turn calls abroad on' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Calls abroad are on, up to £25.00 a month.');
    expect(screen.getByTestId('international-status')).toHaveTextContent('On: up to £25.00 a month, £0.00 spent this month.');
    await user.click(screen.getByRole('button', { name: 'Turn calls abroad off' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Calls abroad are off.');
    expect(puts).toEqual([{ monthlyCapPence: 2500 }, { monthlyCapPence: null }]);
  });
});

