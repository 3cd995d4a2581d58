import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { filledForm, typeAccountForm } from '../../../testing/account-form';
import { installFakeStripe } from '../../../testing/fake-stripe';
import { jsonResponse, mockFetch, noContent, type Handler } from '../../../testing/mock-fetch';
import { freeNumber, TRIAL_ID, trialAccountFixture, trialConfig } from '../testing/fixtures';
import { renderTrialSetup } from '../testing/render-trial';
import type { TrialThankYouState } from '../types';

const ACCOUNT = 'POST /api/create-free-trial-account/';
const SETUP_INTENT = 'POST /api/create-trial-setup-intent/';
const ATTACH = 'POST /api/attach-payment-method/';

/** The server: config, and the trial calls answering as they do for a good sign-up. */
function server(overrides: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/checkout/config': () => trialConfig,
    [ACCOUNT]: () => trialAccountFixture(),
    [SETUP_INTENT]: () => ({ client_secret: 'seti_1_secret_x', setup_intent_id: 'seti_1', status: 'requires_payment_method' }),
    [ATTACH]: () => noContent(),
    ...overrides,
  });
}

const paths = (calls: { method: string; url: URL }[]) =>
  calls.map((call) => `${call.method} ${call.url.pathname}`).filter((path) => path !== 'GET /api/checkout/config');

const startButton = () => screen.getByRole('button', { name: /Start Free Trial|Creating Account/ });

/** Fills every field (address entered by hand), with spaces around some to be trimmed. */
async function fillForm(user: UserEvent, email = 'jane@example.co.uk') {
  await typeAccountForm(user, filledForm({ email: `  ${email} `, companyName: ' Acme Ltd ', lastName: 'Smith ', postcode: 'sw1a 1aa' }));
  await user.click(screen.getByRole('button', { name: 'Enter address manually' }));
  await user.type(screen.getByLabelText('Address Line 1'), ' 1 Palace Walk ');
  await user.type(screen.getByLabelText('City'), 'London');
}

async function typeCard(user: UserEvent) {
  await user.type(await screen.findByPlaceholderText('number'), '4242424242424242');
  await user.type(screen.getByPlaceholderText('exp_month'), '12');
  await user.type(screen.getByPlaceholderText('exp_year'), '30');
  await user.type(screen.getByPlaceholderText('cvc'), '123');
}

/** The navigation state the thank-you page received. */
async function landedState(): Promise<TrialThankYouState> {
  const heading = await screen.findByRole('heading', { level: 1, name: 'Thank-you page' });
  return JSON.parse(heading.getAttribute('data-state') ?? 'null') as TrialThankYouState;
}

describe('the chosen number panel', () => {
  it('shows the number of the navigation state, and the trial inclusions', async () => {
    server();
    installFakeStripe();
    renderTrialSetup({ selectedNumber: freeNumber });
    expect(screen.getByRole('heading', { level: 1, name: 'Start your free trial' })).toBeInTheDocument();
    const panel = screen.getByRole('complementary', { name: 'Your free trial' });
    expect(within(panel).getByText('01632 960007')).toBeInTheDocument();
    const inclusions = within(panel).getByRole('region', { name: 'Your free trial includes' });
    for (const line of ['1 phone number', '1 extension', '50 minutes of calls', 'No card required']) {
      expect(within(inclusions).getByText(line)).toBeInTheDocument();
    }
    await screen.findByPlaceholderText('number');
  });

  it('after a reload (no navigation state) reads the number the picker saved', async () => {
    server();
    installFakeStripe();
    window.localStorage.setItem('selectedFreeNumber', JSON.stringify({ value: '441632960011', displayValue: '01632 960011' }));
    renderTrialSetup();
    expect(within(screen.getByRole('complementary', { name: 'Your free trial' })).getByText('01632 960011')).toBeInTheDocument();
    await screen.findByPlaceholderText('number');
  });

  it('says No number selected without either, links to the picker and refuses to start', async () => {
    const user = userEvent.setup();
    const { calls } = server();
    installFakeStripe();
    window.localStorage.setItem('selectedFreeNumber', 'not json');
    renderTrialSetup({ somethingElse: true });
    const panel = screen.getByRole('complementary', { name: 'Your free trial' });
    expect(within(panel).getByText('No number selected')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Choose a free number' })).toHaveAttribute('href', '/free-trial-numbers');
    await fillForm(user);
    await user.click(startButton());
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('Please choose a free number first.');
    expect(paths(calls)).toEqual([]);
  });

  it('Back goes to the number picker', async () => {
    const user = userEvent.setup();
    server();
    installFakeStripe();
    renderTrialSetup({ selectedNumber: freeNumber });
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Number picker' })).toBeInTheDocument();
  });
});

describe('the form', () => {
  it('has the four sections, the country fixed', async () => {
    server();
    installFakeStripe();
    renderTrialSetup({ selectedNumber: freeNumber });
    const form = screen.getByRole('form', { name: 'Free trial account' });
    for (const legend of ['Contact Information', 'Company Details', 'Address', 'Payment Method (Optional)']) {
      expect(within(form).getByRole('group', { name: legend })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Country')).toHaveValue('United Kingdom');
    expect(screen.getByRole('group', { name: 'Card details' })).toBeInTheDocument();
    expect(startButton()).toHaveTextContent('Start Free Trial');
    await screen.findByPlaceholderText('number');
  });

  it('checks every field with its message before calling the server; an edit clears its message', async () => {
    const user = userEvent.setup();
    const { calls } = server();
    installFakeStripe();
    renderTrialSetup({ selectedNumber: freeNumber });
    await user.click(screen.getByRole('button', { name: 'Enter address manually' }));
    await user.click(startButton());

    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('Please correct the errors below and try again.');
    for (const message of [
      'Email is required',
      'Password is required',
      'Company name is required',
      'First name is required',
      'Last name is required',
      'Phone number is required',
      'Postcode is required',
      'Address line 1 is required',
      'City is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');

    await user.type(screen.getByLabelText('Email'), 'jane@example');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'other');
    await user.type(screen.getByLabelText('Phone Number'), '12345');
    await user.type(screen.getByLabelText('Postcode'), '12345');
    await user.click(startButton());
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 12 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid UK postcode (e.g., SW1A 1AA)')).toBeInTheDocument();
    expect(paths(calls)).toEqual([]);
  });
});

describe('starting the trial', () => {
  it('reads Creating Account... while busy, sends the trimmed form, then goes to the thank-you page', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const { calls } = server({ [ACCOUNT]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    installFakeStripe();
    renderTrialSetup({ selectedNumber: freeNumber });
    await fillForm(user);
    await user.click(startButton());

    expect(startButton()).toHaveTextContent('Creating Account...');
    expect(startButton()).toBeDisabled();
    await user.click(startButton());
    await waitFor(() => expect(paths(calls)).toEqual([ACCOUNT]));
    const body = JSON.parse(calls.find((call) => call.method === 'POST')!.body);
    expect(body).toMatchObject({
      packageType: 'trial',
      selectedNumber: freeNumber,
      customerInfo: {
        email: 'jane@example.co.uk',
        password: 'correct-horse',
        companyName: 'Acme Ltd',
        lastName: 'Smith',
        postcode: 'SW1A 1AA',
        addressLine1: '1 Palace Walk',
        city: 'London',
        address: '1 Palace Walk, London, SW1A 1AA',
        country: 'United Kingdom',
      },
    });

    await act(async () => answer(jsonResponse(trialAccountFixture())));
    const state = await landedState();
    expect(state).toMatchObject({
      isFreeTrial: true,
      customerId: TRIAL_ID,
      trialId: TRIAL_ID,
      selectedNumber: { value: freeNumber.value, displayValue: '01632 960007' },
      extensionDetails: { number: '101', username: 'jane101', password: 'HYZo9yHHvGpo' },
      trial_ends: '2026-11-30T09:00:00+00:00',
      verifyBy: '2026-11-24T09:00:00Z',
      paymentMethodSaved: false,
      email_sent: true,
      userInfo: { email: 'jane@example.co.uk', companyName: 'Acme Ltd', firstName: 'Jane', lastName: 'Smith', phone: '020 7946 0123' },
    });
    expect(state.userInfo).not.toHaveProperty('password');
    expect(state.userInfo).not.toHaveProperty('confirmPassword');
    // No card was typed: no card call.
    expect(paths(calls)).toEqual([ACCOUNT]);
    expect(window.sessionStorage.getItem('freeTrialId')).toBe(TRIAL_ID);
  });

  it('a 409 shows the server’s message at the top and the button comes back', async () => {
    const user = userEvent.setup();
    server({
      [ACCOUNT]: () =>
        jsonResponse(
          { success: false, error: 'A free trial has already been used with this email address.', code: 'trial_already_used' },
          409,
        ),
    });
    installFakeStripe();
    renderTrialSetup({ selectedNumber: freeNumber });
    await fillForm(user);
    await user.click(startButton());
    expect(await screen.findByText('A free trial has already been used with this email address.')).toHaveAttribute('role', 'alert');
    expect(startButton()).toHaveTextContent('Start Free Trial');
    expect(startButton()).toBeEnabled();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('a number taken meanwhile is said at the top and in the panel, with the way back to the picker', async () => {
    const user = userEvent.setup();
    const taken = 'This number has just been taken. Please choose another.';
    server({ [ACCOUNT]: () => jsonResponse({ success: false, error: taken, code: 'number_taken' }, 409) });
    installFakeStripe();
    renderTrialSetup({ selectedNumber: freeNumber });
    await fillForm(user);
    await user.click(startButton());
    await waitFor(() => expect(screen.getAllByText(taken)).toHaveLength(2));
    const panel = screen.getByRole('complementary', { name: 'Your free trial' });
    expect(within(panel).getByRole('link', { name: 'Choose a free number' })).toHaveAttribute('href', '/free-trial-numbers');
  });

  it.each([
    ['a failure without a message', () => jsonResponse({ oops: true }, 500)],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 200 without an account', () => ({})],
  ])('%s says Error creating account. Please try again.', async (_name, answer) => {
    const user = userEvent.setup();
    server({ [ACCOUNT]: answer });
    installFakeStripe();
    renderTrialSetup({ selectedNumber: freeNumber });
    await fillForm(user);
    await user.click(startButton());
    expect(await screen.findByText('Error creating account. Please try again.')).toHaveAttribute('role', 'alert');
  });

  it('a 200 carrying an error shows that error', async () => {
    const user = userEvent.setup();
    server({ [ACCOUNT]: () => ({ error: 'The trial service is paused.' }) });
    installFakeStripe();
    renderTrialSetup({ selectedNumber: freeNumber });
    await fillForm(user);
    await user.click(startButton());
    expect(await screen.findByText('The trial service is paused.')).toHaveAttribute('role', 'alert');
  });

  it('422 field errors show under their fields (the address lines opened), the number’s in the panel', async () => {
    const user = userEvent.setup();
    server({
      [ACCOUNT]: () =>
        jsonResponse(
          {
            success: false,
            error: 'Please correct the errors below and try again.',
            code: 'invalid_fields',
            fieldErrors: { email: 'Please enter a valid email address', city: 'City is required', selectedNumber: 'Please choose a free number first.' },
          },
          422,
        ),
    });
    installFakeStripe();
    renderTrialSetup({ selectedNumber: freeNumber });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await user.type(screen.getByLabelText('Postcode'), 'SW1A 1AA');
    await user.click(startButton());
    expect(await screen.findByText('Please correct the errors below and try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('City is required');
    const panel = screen.getByRole('complementary', { name: 'Your free trial' });
    expect(within(panel).getByRole('alert')).toHaveTextContent('Please choose a free number first.');
  });
});

describe('the optional card', () => {
  it('a complete card is saved through the trial’s setup intent and attached: paymentMethodSaved', async () => {
    const user = userEvent.setup();
    const { calls } = server();
    const stripe = installFakeStripe();
    renderTrialSetup({ selectedNumber: freeNumber });
    await fillForm(user);
    await typeCard(user);
    await user.click(startButton());

    const state = await landedState();
    expect(state.paymentMethodSaved).toBe(true);
    expect(paths(calls)).toEqual([ACCOUNT, SETUP_INTENT, ATTACH]);
    expect(JSON.parse(calls[calls.length - 2].body)).toEqual({ customerId: TRIAL_ID });
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_x', { payment_method: { card: stripe.elements[0] } });
    expect(JSON.parse(calls[calls.length - 1].body)).toEqual({ paymentMethodId: 'pm_123', customerId: TRIAL_ID });
  });

  it('a card Stripe.js refuses is dropped silently: the trial goes on with paymentMethodSaved false', async () => {
    const user = userEvent.setup();
    const { calls } = server();
    const stripe = installFakeStripe();
    stripe.confirmCardSetup.mockResolvedValueOnce({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
    renderTrialSetup({ selectedNumber: freeNumber });
    await fillForm(user);
    await typeCard(user);
    await user.click(startButton());

    const state = await landedState();
    expect(state.paymentMethodSaved).toBe(false);
    expect(paths(calls)).toEqual([ACCOUNT, SETUP_INTENT]);
    expect(screen.queryByText('Your card was declined.')).not.toBeInTheDocument();
  });

  it('a failed attach is silent too', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server({ [ATTACH]: () => jsonResponse({ success: false, error: 'The card could not be saved.', code: 'stripe_error' }, 502) });
    installFakeStripe();
    renderTrialSetup({ selectedNumber: freeNumber });
    await fillForm(user);
    await typeCard(user);
    await user.click(startButton());
    expect((await landedState()).paymentMethodSaved).toBe(false);
    expect(warn).toHaveBeenCalledWith('The card was not saved for after the trial', expect.objectContaining({ status: 502 }));
    warn.mockRestore();
  });

  it('an unfinished card is not sent', async () => {
    const user = userEvent.setup();
    const { calls } = server();
    const stripe = installFakeStripe();
    renderTrialSetup({ selectedNumber: freeNumber });
    await fillForm(user);
    await user.type(await screen.findByPlaceholderText('number'), '4242');
    await user.click(startButton());
    expect((await landedState()).paymentMethodSaved).toBe(false);
    expect(paths(calls)).toEqual([ACCOUNT]);
    expect(stripe.confirmCardSetup).not.toHaveBeenCalled();
  });

  it('Stripe.js’s message about what was typed shows under the card field', async () => {
    server();
    const stripe = installFakeStripe();
    renderTrialSetup({ selectedNumber: freeNumber });
    await screen.findByPlaceholderText('number');
    act(() => stripe.elements[0].emit({ complete: false, error: { message: 'Your card number is invalid.' } }));
    expect(screen.getByRole('group', { name: 'Card details' })).toHaveAccessibleDescription('Your card number is invalid.');
    act(() => stripe.elements[0].emit({ complete: true }));
    expect(screen.queryByText('Your card number is invalid.')).not.toBeInTheDocument();
  });

  it('without Stripe.js the trial can still start; the card field says why it is missing', async () => {
    server({ 'GET /api/checkout/config': () => jsonResponse({ error: 'down' }, 500) });
    renderTrialSetup({ selectedNumber: freeNumber });
    expect(await screen.findByText('The card form could not be loaded. You can start your trial without a card and add one later.')).toBeInTheDocument();
    expect(startButton()).toBeEnabled();
  });
});
