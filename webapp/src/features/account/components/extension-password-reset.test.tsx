import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { ExtensionPasswordReset, resetMessages } from './extension-password-reset';

const ORDER = '0b7c9f2e-0000-4000-8000-000000000001';
const RESET_PATH = `/api/account/orders/${ORDER}/extensions/101/sip-password`;

function renderReset(answer: () => unknown) {
  const { calls } = mockFetch({ [`POST ${RESET_PATH}`]: answer });
  renderWithProviders(<ExtensionPasswordReset ownerId={ORDER} number="101" />);
  const posts = () => calls.filter((call) => call.method === 'POST' && call.url.pathname === RESET_PATH);
  return { posts, user: userEvent.setup() };
}

describe('resetting an extension’s SIP password from the account', () => {
  it('asks first, then shows the new password once with a Copy button and what to do next', async () => {
    const { posts, user } = renderReset(() => ({ number: '101', username: 'sb123456-101', password: 'n3w-Secret-Pass' }));
    await user.click(screen.getByRole('button', { name: 'Reset SIP password of extension 101' }));
    // Nothing is sent before the customer confirms.
    expect(posts()).toHaveLength(0);
    expect(screen.getByRole('group')).toHaveTextContent(resetMessages.confirm);
    await user.click(screen.getByRole('button', { name: 'Yes, reset the password' }));

    expect(await screen.findByLabelText('New SIP password for extension 101')).toHaveTextContent('n3w-Secret-Pass');
    expect(posts()).toHaveLength(1);
    expect(screen.getByText('sb123456-101')).toBeInTheDocument();
    expect(screen.getByText(resetMessages.shownOnce)).toBeInTheDocument();

    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy the new SIP password of extension 101' }));
    expect(writeText).toHaveBeenCalledWith('n3w-Secret-Pass');
    expect(await screen.findByRole('status')).toHaveTextContent(resetMessages.copied);

    // Once closed, the password is gone from the page for good.
    await user.click(screen.getByRole('button', { name: 'I have entered it in my phone' }));
    expect(screen.queryByText('n3w-Secret-Pass')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset SIP password of extension 101' })).toBeInTheDocument();
  });

  it('Cancel sends nothing', async () => {
    const { posts, user } = renderReset(() => ({ number: '101', username: 'u', password: 'p' }));
    await user.click(screen.getByRole('button', { name: 'Reset SIP password of extension 101' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(posts()).toHaveLength(0);
    expect(screen.queryByText(resetMessages.confirm, { exact: false })).not.toBeInTheDocument();
  });

  it.each([
    [jsonResponse({ error: 'Please sign in to your account.', code: 'not_signed_in' }, 401), resetMessages.signedOut],
    [jsonResponse({ error: 'x', code: 'not_your_order' }, 403), resetMessages.notYours],
    [jsonResponse({ error: 'x', code: 'extension_not_found' }, 409), resetMessages.unknownExtension],
    [jsonResponse({ error: 'Another request is working on this right now: try again in a moment.', code: 'busy' }, 409), 'Another request is working on this right now: try again in a moment.'],
    [new Response('gateway down', { status: 502 }), resetMessages.failed],
  ])('a refusal says what to do next (%#)', async (answer, message) => {
    const { user } = renderReset(() => answer);
    await user.click(screen.getByRole('button', { name: 'Reset SIP password of extension 101' }));
    await user.click(screen.getByRole('button', { name: 'Yes, reset the password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText(resetMessages.shownOnce)).not.toBeInTheDocument();
  });
});
