import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render-with-providers';
import type { HardwareReceipt } from '../types';
import { HardwareReceiptPage, receiptMessages } from './hardware-receipt-page';

const ORDER = '6a1e0000-0000-4000-8000-000000000002';
const PATH = `/api/account/hardware-orders/${ORDER}/receipt`;

const receipt: HardwareReceipt = {
  receiptNumber: 'RC-123456',
  orderId: ORDER,
  orderNumber: 'HW-123456',
  paidAt: '2026-11-26T10:05:00Z',
  seller: { name: 'Talkbridge', address: ['27 Great Sutton Street', 'London', 'EC1V 0DS', 'United Kingdom'], vatNumber: 'GB 123 4567 89', email: 'support@talkbridge.co.uk' },
  customerName: 'Jo Bloggs',
  customerEmail: 'jo@example.com',
  deliveryAddress: ['1 High St', 'Leeds', 'LS1 1AA', 'GB'],
  lines: [
    { description: 'Yealink T54W', quantity: 2, unitPricePence: 6400, netPence: 12800 },
    { description: 'Delivery: Express (DPD)', quantity: 1, unitPricePence: 845, netPence: 845 },
  ],
  netPence: 13645,
  vatRate: 20,
  vatPence: 2729,
  totalPence: 16374,
  refundedPence: 0,
};

const SESSION = { email: 'jo@example.com', csrfToken: 'csrf-1', verified: true };

function renderPage(answer: () => unknown, me: () => unknown = () => SESSION) {
  mockFetch({ [`GET ${PATH}`]: answer, 'GET /api/account/me': me });
  return renderWithProviders(<HardwareReceiptPage />, {
    route: `/account/hardware-orders/${ORDER}/receipt`,
    path: '/account/hardware-orders/:id/receipt',
    extraRoutes: [{ path: '/account/sign-in', element: <h1>Sign in</h1> }],
  });
}

describe('a desk-phone order’s VAT receipt', () => {
  it('shows the shop’s VAT number, the lines and the server’s net, VAT and total, and prints', async () => {
    renderPage(() => receipt);
    const article = await screen.findByRole('article', { name: 'VAT receipt' });
    expect(article).toHaveTextContent('VAT number: GB 123 4567 89');
    expect(article).toHaveTextContent('27 Great Sutton Street');
    expect(article).toHaveTextContent('RC-123456');
    expect(article).toHaveTextContent('26 November 2026');
    const rows = within(article).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DescriptionQuantityUnit price (ex VAT)Amount (ex VAT)',
      'Yealink T54W2£64.00£128.00',
      'Delivery: Express (DPD)1£8.45£8.45',
      'Net£136.45',
      'VAT at 20%£27.29',
      'Total paid£163.74',
    ]);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });

  it('signed out: sent to sign in, to come back here', async () => {
    const signedOut = () => jsonResponse({ error: 'Please sign in to your account.', code: 'not_signed_in' }, 401);
    const { history } = renderPage(signedOut, signedOut);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(history.location.pathname + history.location.search).toBe(
      `/account/sign-in?next=${encodeURIComponent(`/account/hardware-orders/${ORDER}/receipt`)}`,
    );
  });

  it('a session that ended meanwhile: asks to sign in again', async () => {
    renderPage(() => jsonResponse({ error: 'Please sign in to your account.', code: 'not_signed_in' }, 401));
    // The 401 turns the store to signed out, and the page to the sign-in page.
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it.each([
    [jsonResponse({ error: 'x', code: 'not_your_order' }, 403), receiptMessages.notYours],
    [jsonResponse({ error: 'x', code: 'hardware_order_not_found' }, 404), receiptMessages.notFound],
    [jsonResponse({ error: 'This order has not been paid, so it has no VAT receipt.', code: 'receipt_not_available' }, 409), 'This order has not been paid, so it has no VAT receipt.'],
  ])('a refusal says what to do next (%#)', async (answer, message) => {
    renderPage(() => answer);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });
});
