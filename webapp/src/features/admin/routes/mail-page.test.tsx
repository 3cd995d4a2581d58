import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAdminServer, staffSession } from '../testing/fake-admin-server';
import { renderAppAt } from '../testing/render-admin';
import type { MailDetail } from '../mail-types';

afterEach(() => {
  vi.restoreAllMocks();
});

function mail(overrides: Partial<MailDetail> & { id: number }): MailDetail {
  return {
    kind: 'order_confirmation',
    reference: `order-${overrides.id}`,
    recipient: 'ann@example.com',
    subject: `Your order SB-00000${overrides.id} is confirmed`,
    status: 'kept',
    attempts: 1,
    lastError: null,
    createdAt: '2026-07-01T09:00:00Z',
    sentAt: '2026-07-01T09:00:10Z',
    nextAttemptAt: null,
    failedAt: null,
    body: `Hello Ann,\n\nThank you for your order SB-00000${overrides.id}.`,
    ...overrides,
  };
}

const mails = [
  mail({ id: 3, status: 'failed', recipient: 'x', subject: 'Broken', attempts: 6, lastError: 'invalid recipient', sentAt: null, failedAt: '2026-07-01T10:00:00Z' }),
  mail({ id: 2, status: 'retrying', attempts: 2, lastError: 'relay refused', sentAt: null, nextAttemptAt: '2026-07-01T09:20:00Z' }),
  mail({ id: 1 }),
];

async function openMailbox(path = '/admin/mail', options: { relayConfigured?: boolean } = {}) {
  const server = fakeAdminServer({ session: staffSession('support'), mails, ...options });
  const user = userEvent.setup();
  renderAppAt(path);
  expect(await screen.findByRole('heading', { level: 1, name: 'Mail' }, { timeout: 3000 })).toBeInTheDocument();
  await screen.findByRole('table');
  return { server, user };
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('the staff mailbox (/admin/mail)', () => {
  it('lists every e-mail newest first with what became of it, and the counts as bars', async () => {
    await openMailbox();
    expect(rows().map((row) => within(row).getAllByRole('cell').at(-2)?.textContent)).toEqual(['Failed', 'Retrying', 'Kept here']);
    expect(within(rows()[0]).getAllByRole('cell').at(-1)).toHaveTextContent('Failed after 6 of 6 attempts: invalid recipient');
    expect(within(rows()[1]).getAllByRole('cell').at(-1)).toHaveTextContent('Attempt 2 of 6 failed (relay refused); next 01 Jul 2026, 10:20:00');
    expect(within(rows()[2]).getAllByRole('cell').at(-1)).toHaveTextContent('In the local mailbox (no mail relay)');
    const chart = screen.getByRole('figure', { name: /E-mails by status \(3 in all\)/ });
    expect(within(chart).getByRole('button', { name: 'Failed: 1' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText(/No mail relay is set up/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('1 e-mail could not be sent: list them with the Failed bar');
    expect(within(screen.getByRole('navigation', { name: 'Staff pages' })).getByRole('link', { name: 'Mail' })).toHaveAttribute('aria-current', 'page');
  });

  it('a bar lists only its e-mails, in the URL; choosing it again lists them all', async () => {
    const { user, server } = await openMailbox();
    await user.click(screen.getByRole('button', { name: 'Failed: 1' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Failed: 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(server.calls.some((call) => call.url.pathname === '/api/admin/mail' && call.url.searchParams.get('status') === 'failed')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Failed: 1' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it('opens an e-mail as it was written, and closes it', async () => {
    const { user } = await openMailbox();
    await user.click(within(rows()[2]).getByRole('button', { name: 'Your order SB-000001 is confirmed' }));
    const reader = await screen.findByRole('region', { name: 'Your order SB-000001 is confirmed' });
    expect(within(reader).getByText(/Thank you for your order SB-000001\./)).toBeInTheDocument();
    expect(within(reader).getByText('ann@example.com')).toBeInTheDocument();
    await user.click(within(reader).getByRole('button', { name: 'Close the e-mail' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your order SB-000001 is confirmed' })).not.toBeInTheDocument());
  });

  it('with a relay set up, says nothing of a local mailbox', async () => {
    await openMailbox('/admin/mail', { relayConfigured: true });
    expect(screen.queryByText(/No mail relay is set up/)).not.toBeInTheDocument();
  });
});
