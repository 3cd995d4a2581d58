import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../../app/store';
import { jsonResponse, mockFetch } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { catalogueFixture } from '../../../testing/fixtures';
import { ORDER_ID, ORDER_SECRET, orderFixture, transferFixture } from '../testing/fixtures';
import { orderSecretKey } from '../order-secret';
import { ThankYouPage } from '../routes/thank-you-page';
import type { TransferDetails, TransferLine } from '../../../lib/api-types';

const TRANSFER_PATH = `/api/orders/${ORDER_ID}/transfers/02079460123`;

/**
 * The thank-you page over a server holding one port: POST signs it (or refuses with `refuse`),
 * answering the order as the server does.
 */
function renderWithTransfer(initial: TransferLine, refuse?: () => Response) {
  let port = initial;
  const order = () => orderFixture({ ports: [port] });
  const { calls } = mockFetch({
    'GET /api/catalogue': () => catalogueFixture,
    [`GET /api/orders/${ORDER_ID}`]: order,
    [`POST ${TRANSFER_PATH}`]: async (request) => {
      if (refuse) return refuse();
      const body = (await request.json()) as TransferDetails;
      port = {
        ...port,
        state: 'detailsConfirmed',
        stateLabel: 'Details confirmed',
        updatedAt: '2026-11-24T11:00:00Z',
        accountHolder: body.accountHolder.trim(),
        currentProvider: body.currentProvider.trim(),
        signedName: body.signedName.trim(),
        signedAt: '2026-11-24T11:00:00Z',
        rejectionReason: null,
      };
      return order();
    },
  });
  renderWithProviders(<ThankYouPage />, { store: makeStore(), route: `/thank-you?order=${ORDER_ID}` });
  const posts = () => calls.filter((call) => call.method === 'POST').map((call) => JSON.parse(call.body) as TransferDetails);
  const secrets = () => calls.filter((call) => call.method === 'POST').map((call) => call.headers?.get('x-order-secret') ?? null);
  return { posts, secrets, user: userEvent.setup() };
}

const transfers = () => screen.findByRole('region', { name: 'Number transfers' });
const transferArticle = () => screen.getByRole('article', { name: '020 7946 0123' });
const detailsForm = () => screen.getByRole('form', { name: 'Confirm your transfer details' });
const currentStep = () => within(transferArticle()).getByRole('list', { name: 'Transfer of 020 7946 0123' }).querySelector('[aria-current="step"]');

async function fillForm(user: ReturnType<typeof userEvent.setup>, values: Partial<TransferDetails> = {}) {
  const form = detailsForm();
  const details = { accountHolder: 'Acme Plumbing Ltd', currentProvider: 'BT', billingPostcode: 'sw1a 1aa', signedName: 'Jane Smith', ...values };
  for (const [label, value] of [
    ['Account holder (as on the current provider’s bill)', details.accountHolder],
    ['Current provider', details.currentProvider],
    ['Billing postcode', details.billingPostcode],
    ['Type your full name to sign', details.signedName],
  ] as const) {
    const input = within(form).getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('number transfers on the thank-you page', () => {
  it('a new port: the steps at Requested, waiting for the details, and the letter of authority to sign', async () => {
    renderWithTransfer(transferFixture());
    const section = await transfers();
    expect(within(section).getByRole('heading', { level: 2, name: 'Number transfers' })).toBeInTheDocument();
    expect(within(transferArticle()).getByRole('heading', { level: 3, name: '020 7946 0123' })).toBeInTheDocument();
    expect(transferArticle()).toHaveTextContent('Status: Waiting for your details');
    const steps = within(transferArticle()).getByRole('list', { name: 'Transfer of 020 7946 0123' });
    expect(within(steps).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1Requested', '2Details confirmed', '3Submitted', '4Date set', '5Transferred']);
    expect(currentStep()).toHaveTextContent('Requested');

    const form = detailsForm();
    expect(within(form).getByRole('heading', { level: 4, name: 'Confirm your transfer details' })).toBeInTheDocument();
    const letter = within(form).getByRole('group', { name: 'Letter of authority' });
    expect(letter).toHaveTextContent('I ask Talkbridge to arrange the transfer of 020 7946 0123 to Talkbridge');
    expect(letter).toHaveTextContent('account holder’s permission');
    expect(letter).toHaveTextContent('the line and the services');
    expect(within(form).getByText(/^Date:/)).toHaveTextContent(/^Date: \d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(within(form).getByRole('checkbox', { name: 'I authorise Talkbridge to transfer this number' })).not.toBeChecked();
  });

  it('checks each field as the server does, with its message next to it, and sends nothing until they pass', async () => {
    const { posts, user } = renderWithTransfer(transferFixture());
    await transfers();
    await user.click(within(detailsForm()).getByRole('button', { name: 'Sign and confirm' }));
    const form = detailsForm();
    expect(within(form).getByLabelText('Account holder (as on the current provider’s bill)')).toHaveAccessibleDescription(
      'Enter the account holder’s name exactly as your current provider has it.',
    );
    expect(within(form).getByLabelText('Account holder (as on the current provider’s bill)')).toHaveFocus();
    expect(within(form).getByLabelText('Current provider')).toHaveAccessibleDescription(
      'Enter the name of your current phone provider. The company that bills you for the number now, e.g. BT.',
    );
    expect(within(form).getByLabelText('Billing postcode')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Type your full name to sign')).toHaveAccessibleDescription('Type your full name to sign the letter of authority.');
    expect(within(form).getByRole('checkbox')).toHaveAccessibleDescription(
      'Tick the box to authorise the transfer: your current provider needs your authority to release the number.',
    );

    await fillForm(user, { billingPostcode: '12345', accountHolder: 'x'.repeat(101) });
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Sign and confirm' }));
    expect(within(form).getByLabelText('Account holder (as on the current provider’s bill)')).toHaveAccessibleDescription(
      'The account holder’s name can be at most 100 characters.',
    );
    expect(within(form).getByLabelText('Billing postcode')).toHaveAccessibleDescription(
      'Enter the billing postcode of the current account as a UK postcode, like SW1A 1AA. The postcode that account is billed to.',
    );
    expect(within(form).getByLabelText('Current provider')).not.toHaveAttribute('aria-invalid');
    expect(within(form).getByRole('checkbox')).not.toHaveAttribute('aria-invalid');
    expect(posts()).toEqual([]);
  });

  it('signing sends the details and the authority; the page shows Details confirmed, and Correct details reopens the form', async () => {
    const { posts, user } = renderWithTransfer(transferFixture());
    await transfers();
    await fillForm(user);
    await user.click(within(detailsForm()).getByRole('checkbox', { name: 'I authorise Talkbridge to transfer this number' }));
    await user.click(within(detailsForm()).getByRole('button', { name: 'Sign and confirm' }));

    expect(await within(transferArticle()).findByRole('status')).toHaveTextContent('Thank you: we have your transfer details and your signed letter of authority.');
    expect(posts()).toEqual([{ accountHolder: 'Acme Plumbing Ltd', currentProvider: 'BT', billingPostcode: 'sw1a 1aa', signedName: 'Jane Smith', authorised: true }]);
    expect(transferArticle()).toHaveTextContent('Status: Details confirmed');
    expect(currentStep()).toHaveTextContent('Details confirmed');
    expect(transferArticle()).toHaveTextContent('We send the transfer to BT within one business day');
    expect(transferArticle()).toHaveTextContent('Letter of authority signed by Jane Smith on 24 November 2026.');
    expect(screen.queryByRole('form', { name: 'Confirm your transfer details' })).not.toBeInTheDocument();

    // Corrections until staff submit: the form again, with the details as signed (postcode, signature and tick afresh).
    await user.click(within(transferArticle()).getByRole('button', { name: 'Correct details' }));
    const form = detailsForm();
    expect(within(form).getByLabelText('Account holder (as on the current provider’s bill)')).toHaveValue('Acme Plumbing Ltd');
    expect(within(form).getByLabelText('Current provider')).toHaveValue('BT');
    expect(within(form).getByLabelText('Billing postcode')).toHaveValue('');
    expect(within(form).getByRole('checkbox')).not.toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Confirm your transfer details' })).not.toBeInTheDocument();
    expect(within(transferArticle()).getByRole('button', { name: 'Correct details' })).toBeInTheDocument();
  });

  it('sends the order secret this tab placed the order with (the server asks for it or the signed-in owner)', async () => {
    window.sessionStorage.setItem(orderSecretKey(ORDER_ID), ORDER_SECRET);
    try {
      const { secrets, user } = renderWithTransfer(transferFixture());
      await transfers();
      await fillForm(user);
      await user.click(within(detailsForm()).getByRole('checkbox'));
      await user.click(within(detailsForm()).getByRole('button', { name: 'Sign and confirm' }));
      await within(transferArticle()).findByRole('status');
      expect(secrets()).toEqual([ORDER_SECRET]);
    } finally {
      window.sessionStorage.clear();
    }
  });

  it('without the secret (another tab) it sends none, and shows the server’s refusal', async () => {
    const { secrets, user } = renderWithTransfer(transferFixture(), () =>
      jsonResponse({ error: 'This order was placed from another browser. Please sign in or contact support.', code: 'order_secret_mismatch' }, 403),
    );
    await transfers();
    await fillForm(user);
    await user.click(within(detailsForm()).getByRole('checkbox'));
    await user.click(within(detailsForm()).getByRole('button', { name: 'Sign and confirm' }));
    expect(await within(detailsForm()).findByRole('alert')).toHaveTextContent('Please sign in or contact support.');
    expect(secrets()).toEqual([null]);
  });

  it('a refusal shows the server’s message (already submitted by staff)', async () => {
    const { user } = renderWithTransfer(transferFixture({ state: 'detailsConfirmed', stateLabel: 'Details confirmed', accountHolder: 'Acme', currentProvider: 'BT', signedName: 'Jane Smith', signedAt: '2026-11-24T11:00:00Z' }), () =>
      jsonResponse({ error: 'This transfer is Submitted to your current provider: that step does not follow from here.', code: 'transfer_step_not_allowed' }, 409),
    );
    await transfers();
    await user.click(within(transferArticle()).getByRole('button', { name: 'Correct details' }));
    await fillForm(user, { accountHolder: 'Acme Plumbing Ltd' });
    await user.click(within(detailsForm()).getByRole('checkbox'));
    await user.click(within(detailsForm()).getByRole('button', { name: 'Sign and confirm' }));
    expect(await within(detailsForm()).findByRole('alert')).toHaveTextContent(
      'This transfer is Submitted to your current provider: that step does not follow from here.',
    );
  });

  it('a date set: the day the number moves, in words', async () => {
    renderWithTransfer(transferFixture({ state: 'dateSet', stateLabel: 'Transfer date set', currentProvider: 'BT', date: '2026-12-01' }));
    await transfers();
    expect(within(transferArticle()).getByText('Your number moves on Tuesday 1 December 2026')).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Date set');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(within(transferArticle()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('transferred: every step ticked, the last one current', async () => {
    renderWithTransfer(transferFixture({ state: 'completed', stateLabel: 'Transferred', currentProvider: 'BT', date: '2026-12-01' }));
    await transfers();
    expect(transferArticle()).toHaveTextContent('Status: Transferred');
    expect(currentStep()).toHaveTextContent('✓Transferred');
    expect(transferArticle()).toHaveTextContent('The number now rings on Talkbridge.');
  });

  it('rejected: the reason, and the form to correct and sign again', async () => {
    const { user, posts } = renderWithTransfer(
      transferFixture({ state: 'rejected', stateLabel: 'Rejected', accountHolder: 'Acme', currentProvider: 'BT', rejectionReason: 'The account holder does not match BT’s records.' }),
    );
    await transfers();
    expect(transferArticle()).toHaveTextContent('BT did not release the number: The account holder does not match BT’s records.');
    expect(transferArticle()).toHaveTextContent('Status: Rejected');
    await fillForm(user, { accountHolder: 'Acme Plumbing Limited' });
    await user.click(within(detailsForm()).getByRole('checkbox'));
    await user.click(within(detailsForm()).getByRole('button', { name: 'Sign and confirm' }));
    expect(await within(transferArticle()).findByText('Details confirmed', { selector: 'strong' })).toBeInTheDocument();
    expect(posts()[0].accountHolder).toBe('Acme Plumbing Limited');
  });

  it('an order without transfers has no such section', async () => {
    mockFetch({ 'GET /api/catalogue': () => catalogueFixture, [`GET /api/orders/${ORDER_ID}`]: () => orderFixture() });
    renderWithProviders(<ThankYouPage />, { store: makeStore(), route: `/thank-you?order=${ORDER_ID}` });
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' });
    expect(screen.queryByRole('region', { name: 'Number transfers' })).not.toBeInTheDocument();
  });
});

describe('a mobile’s transfer (moves with its PAC code)', () => {
  const MOBILE_PATH = `/api/orders/${ORDER_ID}/transfers/07700900123/pac`;
  const mobileTransfer = (overrides: Partial<TransferLine> = {}) =>
    transferFixture({ number: '07700900123', displayNumber: '07700 900123', state: 'detailsConfirmed', stateLabel: 'Details confirmed', movesWithPac: true, ...overrides });

  function renderMobile(initial: TransferLine) {
    let port = initial;
    const order = () => orderFixture({ ports: [port] });
    const { calls } = mockFetch({
      'GET /api/catalogue': () => catalogueFixture,
      [`GET /api/orders/${ORDER_ID}`]: order,
      [`POST ${MOBILE_PATH}`]: () => {
        port = { ...port, state: 'detailsConfirmed', stateLabel: 'Details confirmed', rejectionReason: null, updatedAt: '2026-11-24T11:00:00Z' };
        return order();
      },
    });
    renderWithProviders(<ThankYouPage />, { store: makeStore(), route: `/thank-you?order=${ORDER_ID}` });
    const posts = () => calls.filter((call) => call.method === 'POST').map((call) => ({ path: call.url.pathname, body: JSON.parse(call.body) as unknown }));
    return { posts, user: userEvent.setup() };
  }

  it('has nothing to sign: no letter of authority, no form', async () => {
    renderMobile(mobileTransfer());
    await transfers();
    const article = screen.getByRole('article', { name: '07700 900123' });
    expect(article).toHaveTextContent('We have your PAC code, so there is nothing to sign.');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: 'Correct details' })).not.toBeInTheDocument();
  });

  it('after a rejection takes a new PAC code, checked here, and sends it normalised', async () => {
    const { posts, user } = renderMobile(mobileTransfer({ state: 'rejected', stateLabel: 'Rejected', rejectionReason: 'The PAC code has expired' }));
    await transfers();
    const form = screen.getByRole('form', { name: 'Give a new PAC code' });
    const pac = within(form).getByLabelText('PAC code');
    await user.type(pac, 'AB123');
    await user.click(within(form).getByRole('button', { name: 'Send the new PAC' }));
    expect(within(form).getByText('A PAC code is 3 letters then 6 digits, like ABC123456.')).toBeInTheDocument();
    expect(posts()).toEqual([]);
    await user.clear(pac);
    await user.type(pac, 'xyz 654 321');
    await user.click(within(form).getByRole('button', { name: 'Send the new PAC' }));
    expect(await screen.findByText('Thank you: we have your new PAC code.')).toHaveAttribute('role', 'status');
    expect(posts()).toEqual([{ path: MOBILE_PATH, body: { pac: 'XYZ654321' } }]);
    expect(screen.queryByRole('form', { name: 'Give a new PAC code' })).not.toBeInTheDocument();
  });
});
