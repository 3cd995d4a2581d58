import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { thankYouState, TRIAL_ID, trialViewFixture } from '../testing/fixtures';
import type { TrialThankYouState } from '../types';
import { trialApi } from '../api';
import { TrialThankYouPage } from './trial-thank-you-page';

const valueOf = (container: HTMLElement, term: string) => within(container).getByText(term).nextElementSibling;

function renderThankYou(state?: TrialThankYouState | null) {
  return renderWithProviders(<TrialThankYouPage />, { route: '/free-trial-thank-you', routeState: state ?? undefined });
}

describe('trial thank-you page, straight after sign-up', () => {
  it('says the welcome e-mail was sent once the server says it has left', async () => {
    mockFetch({ [`GET /api/trials/${TRIAL_ID}`]: () => trialViewFixture({ emailStatus: 'sent' }) });
    renderThankYou(thankYouState());
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('A confirmation email has been sent to jane@example.co.uk.'),
    );
  });

  it('welcomes, says the trial started, the e-mail, the end date, the number and the account', () => {
    mockFetch({});
    renderThankYou(thankYouState());
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Talkbridge!' })).toBeInTheDocument();
    expect(screen.getByText('Your 7-day free trial has started successfully.')).toBeInTheDocument();
    // Queued, not sent yet: the page says so until the server says it has left.
    expect(screen.getByRole('status')).toHaveTextContent('We are e-mailing your confirmation to jane@example.co.uk…');

    const trial = screen.getByRole('region', { name: 'Your Trial' });
    expect(valueOf(trial, 'Trial ends')).toHaveTextContent('Monday 30 November 2026 at 09:00');
    expect(valueOf(trial, 'Your phone number')).toHaveTextContent('01632 960007');

    const account = screen.getByRole('region', { name: 'Account Information' });
    expect(valueOf(account, 'Email')).toHaveTextContent('jane@example.co.uk');
    expect(valueOf(account, 'Company')).toHaveTextContent('Acme Ltd');
    expect(valueOf(account, 'Name')).toHaveTextContent('Jane Smith');
    expect(valueOf(account, 'Phone')).toHaveTextContent('020 7946 0123');

    expect(screen.queryByRole('region', { name: 'Payment Method Saved' })).not.toBeInTheDocument();
  });

  it('asks for the e-mail confirmation by its deadline, and says once it is done', async () => {
    mockFetch({ [`GET /api/trials/${TRIAL_ID}`]: () => trialViewFixture({ emailStatus: 'queued' }) });
    renderThankYou(thankYouState());
    const confirm = screen.getByRole('region', { name: 'Confirm your email address' });
    expect(confirm).toHaveTextContent(
      'We have emailed a link to jane@example.co.uk. Open it by Tuesday 24 November 2026 at 09:00: until then your trial cannot make outgoing calls, and if it is not confirmed in time the trial ends and your number is released.',
    );
    cleanup();
    mockFetch({ [`GET /api/trials/${TRIAL_ID}`]: () => trialViewFixture({ emailStatus: 'sent', emailVerified: true }) });
    renderThankYou(thankYouState({ paymentMethodSaved: true }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Confirm your email address' })).toHaveTextContent('Your email address is confirmed.'),
    );
    expect(screen.getByRole('region', { name: 'Payment Method Saved' })).toHaveTextContent(
      'Your card is saved. Your service carries on when the trial ends unless you cancel before then.',
    );
  });

  it('an unconfirmed trial’s saved card carries on only once the address is confirmed', () => {
    mockFetch({});
    renderThankYou(thankYouState({ paymentMethodSaved: true }));
    expect(screen.getByRole('region', { name: 'Payment Method Saved' })).toHaveTextContent(
      'unless you cancel before then, once your email address is confirmed.',
    );
  });

  it('shows extension 101 with its username and password; Copy copies the password and says Password copied!', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    mockFetch({});
    renderThankYou(thankYouState());

    const extensions = screen.getByRole('region', { name: 'Extension Details' });
    const ext101 = within(extensions).getByRole('listitem', { name: 'Extension 101' });
    expect(valueOf(ext101, 'Extension')).toHaveTextContent('101');
    expect(valueOf(ext101, 'Username')).toHaveTextContent('jane101');
    expect(valueOf(ext101, 'SIP Password')).toHaveTextContent('HYZ••••••••');
    await user.click(within(ext101).getByRole('button', { name: 'Reveal SIP password for extension 101' }));
    expect(valueOf(ext101, 'SIP Password')).toHaveTextContent('HYZo9yHHvGpo');

    await user.click(within(ext101).getByRole('button', { name: 'Copy SIP password for extension 101' }));
    expect(writeText).toHaveBeenCalledWith('HYZo9yHHvGpo');
    expect(within(ext101).getByRole('alert')).toHaveTextContent('Password copied!');
  });

  it('takes the SIP password out of the history entry at once (the page keeps it in memory)', async () => {
    mockFetch({});
    const { history } = renderThankYou(thankYouState());
    await waitFor(() => expect((history.location.state as TrialThankYouState).extensionDetails?.password).toBeNull());
    expect(history.action).toBe('REPLACE');
    expect(history.location.pathname).toBe('/free-trial-thank-you');
    expect((history.location.state as TrialThankYouState).extensionDetails?.username).toBe('jane101');
    expect(screen.getByRole('button', { name: 'Copy SIP password for extension 101' })).toBeInTheDocument();
  });

  it('forgets the chosen number and the saved user info', async () => {
    mockFetch({});
    window.localStorage.setItem('selectedFreeNumber', JSON.stringify({ value: '441632960007' }));
    window.localStorage.setItem('userInfo', '{}');
    renderThankYou(thankYouState());
    await waitFor(() => expect(window.localStorage.getItem('selectedFreeNumber')).toBeNull());
    expect(window.localStorage.getItem('userInfo')).toBeNull();
  });

  it('the SIP address, setup guide, What’s Next, upgrade and footer links', () => {
    mockFetch({});
    renderThankYou(thankYouState());
    const setup = screen.getByRole('region', { name: 'Phone Setup Information' });
    expect(within(setup).getByText('SIP Server Address')).toBeInTheDocument();
    expect(within(setup).getByRole('link', { name: 'View the setup guide' })).toHaveAttribute('href', '/support');

    const next = screen.getByRole('region', { name: "What's Next" });
    expect(within(next).getAllByRole('listitem')).toHaveLength(3);
    for (const app of ['iOS', 'Android', 'Desktop']) {
      expect(within(next).getByRole('link', { name: `Download for ${app}` })).toBeInTheDocument();
    }
    expect(within(next).getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/account');
    expect(within(next).getByRole('link', { name: 'View Features' })).toHaveAttribute('href', '/features');

    expect(within(screen.getByRole('region', { name: 'Ready for more?' })).getByRole('link', { name: 'View Plans' })).toHaveAttribute(
      'href',
      '/plans-and-pricing',
    );
    expect(screen.getByRole('link', { name: 'Need help? Visit Support' })).toHaveAttribute('href', '/support');
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('a saved card shows Payment Method Saved', () => {
    mockFetch({});
    renderThankYou(thankYouState({ paymentMethodSaved: true }));
    expect(screen.getByRole('region', { name: 'Payment Method Saved' })).toBeInTheDocument();
  });

  it('without extension or number: Creating... and Not assigned; no e-mail banner when none was sent', () => {
    mockFetch({});
    renderThankYou(thankYouState({ extensionDetails: null, selectedNumber: null as never, email_sent: false }));
    expect(within(screen.getByRole('region', { name: 'Extension Details' })).getByText('Creating...')).toBeInTheDocument();
    expect(valueOf(screen.getByRole('region', { name: 'Your Trial' }), 'Your phone number')).toHaveTextContent('Not assigned');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('trial thank-you page: where to connect', () => {
  it('shows the SIP server, port and transport with a Copy button, and turns to Registered when the phone registers', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let registered = false;
    mockFetch({
      [`GET /api/trials/${TRIAL_ID}/registrations`]: () =>
        jsonResponse({
          sipServer: { domain: 'sip.talkbridge.localhost', port: 5060, transport: 'UDP' },
          extensions: [{ number: '101', username: 'jane101', active: true, registered }],
        }),
    });
    const { store } = renderThankYou(thankYouState());
    const ext101 = within(screen.getByRole('region', { name: 'Extension Details' })).getByRole('listitem', { name: 'Extension 101' });
    expect(await within(ext101).findByText('Not registered yet', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(valueOf(ext101, 'SIP server')).toHaveTextContent('sip.talkbridge.localhost');
    expect(valueOf(ext101, 'Port')).toHaveTextContent('5060');
    expect(valueOf(ext101, 'Transport')).toHaveTextContent('UDP');
    await user.click(within(ext101).getByRole('button', { name: 'Copy SIP server for extension 101' }));
    expect(writeText).toHaveBeenCalledWith('sip.talkbridge.localhost');
    expect(within(ext101).getByRole('alert')).toHaveTextContent('SIP server copied!');

    registered = true;
    await store.dispatch(trialApi.endpoints.getTrialRegistrations.initiate(TRIAL_ID, { forceRefetch: true }));
    await waitFor(() => expect(within(ext101).getByRole('status', { name: 'Extension 101 status' })).toHaveTextContent('Registered'), {
      timeout: 3000,
    });
  });
});

describe('trial thank-you page without its navigation state', () => {
  it('reads the trial again by the id kept in sessionStorage (no password)', async () => {
    window.sessionStorage.setItem('freeTrialId', TRIAL_ID);
    const { calls } = mockFetch({ [`GET /api/trials/${TRIAL_ID}`]: () => trialViewFixture() });
    renderThankYou();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Talkbridge!' })).toBeInTheDocument();
    expect(calls.map((call) => call.url.pathname)).toContain(`/api/trials/${TRIAL_ID}`);
    expect(valueOf(screen.getByRole('region', { name: 'Your Trial' }), 'Trial ends')).toHaveTextContent('Monday 30 November 2026 at 09:00');
    expect(valueOf(screen.getByRole('region', { name: 'Your Trial' }), 'Your phone number')).toHaveTextContent('01632 960007');
    const extensions = screen.getByRole('region', { name: 'Extension Details' });
    expect(valueOf(within(extensions).getByRole('listitem', { name: 'Extension 101' }), 'Username')).toHaveTextContent('jane101');
    expect(within(extensions).queryByText('SIP Password')).not.toBeInTheDocument();
    expect(extensions).toHaveTextContent('shown once');
    expect(screen.getByRole('region', { name: 'Payment Method Saved' })).toBeInTheDocument();
    expect(valueOf(screen.getByRole('region', { name: 'Account Information' }), 'Name')).toHaveTextContent('Jane Smith');
    window.sessionStorage.clear();
  });

  it.each([
    ['no trial id', null],
    ['an unknown trial', 'a9f0c3e2-0000-4000-8000-000000000000'],
  ])('with %s: a clear message and the way to a free number', async (_name, id) => {
    if (id) window.sessionStorage.setItem('freeTrialId', id);
    mockFetch({ [`GET /api/trials/${id}`]: () => jsonResponse({ success: false, error: 'Trial not found.', code: 'trial_not_found' }, 404) });
    renderThankYou();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find your free trial in this browser.');
    expect(screen.getByRole('link', { name: 'Choose a free number' })).toHaveAttribute('href', '/free-numbers');
    window.sessionStorage.clear();
  });
});
