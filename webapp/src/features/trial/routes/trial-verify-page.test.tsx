import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { TRIAL_ID, VERIFY_TOKEN } from '../testing/fixtures';
import { TrialVerifyPage } from './trial-verify-page';

const VERIFY = 'POST /api/trial-email-verifications';

function renderVerify(search = `?token=${VERIFY_TOKEN}`) {
  return renderWithProviders(<TrialVerifyPage />, { route: `/trial/verify${search}`, path: '/trial/verify' });
}

const refusal = (status: number, code: string, error: string) => () => jsonResponse({ error, code }, status);

describe('the e-mail confirmation page (/trial/verify)', () => {
  it('sends the link’s token once, says it is confirming, then that the address is confirmed, through the store', async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = mockFetch({ [VERIFY]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { store } = renderVerify();

    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Confirming your email address…');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(calls[0].body)).toEqual({ token: VERIFY_TOKEN });

    answer(
      jsonResponse({
        verified: true,
        trialId: TRIAL_ID,
        email: 'jane@example.co.uk',
        displayNumber: '01632 960007',
        endsAt: '2026-11-30T09:00:00Z',
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Your email address is confirmed. Your free trial can now make outgoing calls, and 01632 960007 is yours until Monday 30 November 2026 at 09:00.',
      ),
    );
    expect(screen.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/plans-and-pricing');
    // The answer is the store's (RTK Query's mutation under its cache key), not the component's.
    const mutations = Object.values(store.getState().api.mutations);
    expect(mutations).toEqual([expect.objectContaining({ status: 'fulfilled', endpointName: 'verifyTrialEmail' })]);
    expect(calls).toHaveLength(1);
  });

  it('an expired link says so and offers a new trial', async () => {
    mockFetch({
      [VERIFY]: refusal(
        410,
        'verification_link_expired',
        "This confirmation link has expired: the email address was not confirmed within 24 hours and the trial's number was released. Start a new free trial to get a new link.",
      ),
    });
    renderVerify();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This confirmation link has expired: .* Start a new free trial to get a new link\.$/);
    expect(screen.getByRole('link', { name: 'Start a new free trial' })).toHaveAttribute('href', '/free-trial-numbers');
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
  });

  it('an unknown link shows the server’s sentence with what to do next', async () => {
    const message =
      'This confirmation link is not valid. Open the link from the email we sent you again, making sure you have all of it; if it still fails, contact support.';
    mockFetch({ [VERIFY]: refusal(404, 'verification_link_unknown', message) });
    renderVerify('?token=nope');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Start a new free trial' })).toBeInTheDocument();
  });

  it('a link used already is no error: the address is confirmed', async () => {
    const message = 'This link has already been used: your email address is confirmed. There is nothing more to do.';
    mockFetch({ [VERIFY]: refusal(409, 'verification_link_used', message) });
    renderVerify();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(message));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an address with another confirmed trial points to the plans and support', async () => {
    const message =
      'This email address already has a confirmed free trial. To carry on, choose a plan on our Plans and Pricing page, or contact support.';
    mockFetch({ [VERIFY]: refusal(409, 'trial_already_used', message) });
    renderVerify();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/plans-and-pricing');
    expect(screen.queryByRole('link', { name: 'Start a new free trial' })).not.toBeInTheDocument();
  });

  it('without a token it asks for the whole link and calls nothing', async () => {
    const { calls } = mockFetch({});
    renderVerify('');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This confirmation link is incomplete. Open the link from the email we sent you again, making sure you have all of it.',
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });

  it('a failure without the server’s word can be tried again', async () => {
    const user = userEvent.setup();
    let first = true;
    const { calls } = mockFetch({
      [VERIFY]: () => {
        if (first) {
          first = false;
          return new Response('bad gateway', { status: 502 });
        }
        return { verified: true, trialId: TRIAL_ID, email: 'jane@example.co.uk', displayNumber: '01632 960007', endsAt: null };
      },
    });
    renderVerify();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not confirm your email address just now. Please try again in a minute; if it keeps failing, contact support.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('and 01632 960007 is yours for the 7 days of your trial.'),
    );
    expect(calls).toHaveLength(2);
  });
});
