import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render-with-providers';
import type { TransferLine } from '../../../lib/api-types';
import { OrderTransfers, transferMessages } from './order-transfers';

const ORDER = '0b7c9f2e-0000-4000-8000-000000000001';
const TRANSFERS = `/api/account/orders/${ORDER}/transfers`;
const SIGN = `/api/account/orders/${ORDER}/transfers/02079460123/letter-of-authority`;

const port = (overrides: Partial<TransferLine> = {}): TransferLine => ({
  number: '02079460123',
  displayNumber: '020 7946 0123',
  state: 'requested',
  stateLabel: 'Waiting for your details',
  requestedAt: '2026-11-24T10:00:00Z',
  updatedAt: '2026-11-24T10:00:00Z',
  accountHolder: null,
  currentProvider: null,
  signedName: null,
  signedAt: null,
  date: null,
  rejectionReason: null,
  ...overrides,
});

describe('the order’s transfers on the account page', () => {
  it('shows each transfer’s steps and dates, and signs the letter of authority through the account', async () => {
    const { calls } = mockFetch({
      [`GET ${TRANSFERS}`]: () => ({ ports: [port()] }),
      [`POST ${SIGN}`]: () => ({
        ports: [port({ state: 'detailsConfirmed', stateLabel: 'Details confirmed', signedName: 'Jane Smith', signedAt: '2026-11-24T11:00:00Z', currentProvider: 'BT', updatedAt: '2026-11-24T11:00:00Z' })],
      }),
    });
    renderWithProviders(<OrderTransfers orderId={ORDER} />);
    const section = await screen.findByRole('region', { name: 'Number transfers' });
    const article = within(section).getByRole('article', { name: '020 7946 0123' });
    expect(article).toHaveTextContent('Status: Waiting for your details');

    const user = userEvent.setup();
    const form = within(article).getByRole('form', { name: 'Confirm your transfer details' });
    await user.type(within(form).getByLabelText('Account holder (as on the current provider’s bill)'), 'Acme Plumbing Ltd');
    await user.type(within(form).getByLabelText('Current provider'), 'BT');
    await user.type(within(form).getByLabelText('Billing postcode'), 'SW1A 1AA');
    await user.type(within(form).getByLabelText('Type your full name to sign'), 'Jane Smith');
    await user.click(within(form).getByRole('checkbox', { name: 'I authorise Talkbridge to transfer this number' }));
    await user.click(within(form).getByRole('button', { name: 'Sign and confirm' }));

    expect(await within(article).findByText(/Letter of authority signed by Jane Smith on/)).toBeInTheDocument();
    expect(article).toHaveTextContent('Status: Details confirmed');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url.pathname).toBe(SIGN);
    expect(JSON.parse(post!.body)).toMatchObject({ accountHolder: 'Acme Plumbing Ltd', signedName: 'Jane Smith', authorised: true });
    // Never the thank-you page's public route.
    expect(calls.some((call) => call.url.pathname === `/api/orders/${ORDER}/transfers/02079460123`)).toBe(false);
  });

  it('a refused signature shows the server’s message and keeps the form', async () => {
    mockFetch({
      [`GET ${TRANSFERS}`]: () => ({ ports: [port({ state: 'detailsConfirmed', stateLabel: 'Details confirmed', signedName: 'Jane', signedAt: '2026-11-24T11:00:00Z', accountHolder: 'Acme', currentProvider: 'BT' })] }),
      [`POST ${SIGN}`]: () =>
        jsonResponse({ error: 'This letter of authority has been signed 5 times already: contact support to correct the details, and we will update the transfer for you.', code: 'too_many_signatures' }, 429),
    });
    renderWithProviders(<OrderTransfers orderId={ORDER} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Correct details' }));
    const form = screen.getByRole('form', { name: 'Confirm your transfer details' });
    await user.clear(within(form).getByLabelText('Billing postcode'));
    await user.type(within(form).getByLabelText('Billing postcode'), 'EC1A 1BB');
    await user.clear(within(form).getByLabelText('Type your full name to sign'));
    await user.type(within(form).getByLabelText('Type your full name to sign'), 'Jane Smith');
    await user.click(within(form).getByRole('checkbox', { name: 'I authorise Talkbridge to transfer this number' }));
    await user.click(within(form).getByRole('button', { name: 'Sign and confirm' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('signed 5 times already: contact support');
  });

  it('an order without transfers shows nothing', async () => {
    const { fetchMock } = mockFetch({ [`GET ${TRANSFERS}`]: () => ({ ports: [] }) });
    renderWithProviders(<OrderTransfers orderId={ORDER} />);
    expect(screen.getByRole('status')).toHaveTextContent(transferMessages.loading);
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Number transfers' })).not.toBeInTheDocument();
  });

  it.each([
    [jsonResponse({ error: 'Please sign in to your account.', code: 'not_signed_in' }, 401), transferMessages.signedOut],
    [new Response('down', { status: 502 }), transferMessages.failed],
  ])('a failed load says what to do next (%#)', async (answer, message) => {
    mockFetch({ [`GET ${TRANSFERS}`]: () => answer });
    renderWithProviders(<OrderTransfers orderId={ORDER} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
