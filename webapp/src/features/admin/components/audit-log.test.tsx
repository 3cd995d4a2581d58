import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatChange } from '../audit-format';
import { fakeAdminServer, hardwareItem, staffSession } from '../testing/fake-admin-server';
import { renderHardwareManager } from '../testing/render-admin';
import type { AuditEntry } from '../types';
import { formatUkTime } from '../uk-time';
import { AUDIT_PAGE_SIZE } from './audit-log';

afterEach(() => {
  vi.restoreAllMocks();
});

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return { id, itemId: 'ye-1', itemName: 'Yealink T54W', actor: 'admin@example.com', at: '2025-06-01T08:30:00Z', action: 'created', changes: [], ...overrides };
}

const items = [hardwareItem({ id: 'ye-1', name: 'Yealink T54W' }), hardwareItem({ id: 'ci-1', name: 'Cisco 8841', brand: 'cisco' })];

function auditRequests(server: ReturnType<typeof fakeAdminServer>) {
  return server.calls.filter((call) => call.url.pathname === '/api/admin/audit-log').map((call) => Object.fromEntries(call.url.searchParams));
}

describe('audit tab', () => {
  it('shows who, when (en-GB, UK time), the item, the action and each field change', async () => {
    const audit = [
      entry(3, {
        actor: 'editor@example.com',
        at: '2025-06-01T08:30:00Z',
        action: 'updated',
        changes: [
          { field: 'price', from: 11900, to: 9950 },
          { field: 'features', from: ['HD voice'], to: ['HD voice', 'Wi-Fi'] },
        ],
      }),
      entry(2, { at: '2025-01-15T17:05:09Z', action: 'status changed', changes: [{ field: 'status', from: 'draft', to: 'published' }] }),
      entry(1, { itemId: 'ci-1', itemName: 'Cisco 8841' }),
    ];
    fakeAdminServer({ session: staffSession(), items, audit });
    renderHardwareManager();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Audit' }));
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('01 Jun 2025, 09:30:00')).toHaveAttribute('dateTime', '2025-06-01T08:30:00Z');
    expect(within(rows[0]).getByText('editor@example.com')).toBeInTheDocument();
    expect(within(rows[0]).getByText('updated')).toBeInTheDocument();
    expect(within(rows[0]).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Price: £119.00 → £99.50', 'Features: HD voice → HD voice, Wi-Fi']);
    expect(within(rows[1]).getByText('15 Jan 2025, 17:05:09')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Status: draft → published')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Cisco 8841')).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
  });

  it('filters by item (a select of the items) and pages', async () => {
    const audit = Array.from({ length: AUDIT_PAGE_SIZE + 5 }, (_, index) => entry(AUDIT_PAGE_SIZE + 5 - index, { action: `change ${AUDIT_PAGE_SIZE + 5 - index}` }));
    audit.push(entry(100, { itemId: 'ci-1', itemName: 'Cisco 8841', action: 'deleted' }));
    const server = fakeAdminServer({ session: staffSession(), items, audit });
    renderHardwareManager();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Audit' }));
    await screen.findByText('Page 1');
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Page 2');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Audit log' })).getAllByRole('row')).toHaveLength(7));
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    // Older asked from the first page's last entry: the cursor the server gave.
    expect(auditRequests(server).at(-1)).toEqual({ before: String(AUDIT_PAGE_SIZE + 5 - (AUDIT_PAGE_SIZE - 1)), per_page: String(AUDIT_PAGE_SIZE) });
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    await screen.findByText('Page 1');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Audit log' })).getAllByRole('row')).toHaveLength(AUDIT_PAGE_SIZE + 1));
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Page 2');

    const select = screen.getByLabelText('Item');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['All items', 'Cisco 8841', 'Yealink T54W']);
    await user.selectOptions(select, 'Cisco 8841');
    await screen.findByText('Page 1');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Audit log' })).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByText('deleted')).toBeInTheDocument();
    expect(auditRequests(server).at(-1)).toEqual({ per_page: String(AUDIT_PAGE_SIZE), item: 'ci-1' });
  });

  it('an edit shows up in the audit tab', async () => {
    fakeAdminServer({ session: staffSession(), items: [hardwareItem({ id: 'ye-1', name: 'Yealink T54W', pricePence: 11900 })] });
    renderHardwareManager();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Yealink T54W' }));
    const price = screen.getByLabelText('Price (£, ex VAT)');
    await user.clear(price);
    await user.type(price, '109');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Item updated successfully');
    await user.click(screen.getByRole('tab', { name: 'Audit' }));
    expect(await screen.findByText('Price: £119.00 → £109.00')).toBeInTheDocument();
  });

  it('says so when there is nothing yet', async () => {
    fakeAdminServer({ session: staffSession(), items });
    renderHardwareManager();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Audit' }));
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
  });

  it('offers to try again when the log cannot be loaded', async () => {
    fakeAdminServer({ session: staffSession(), items, extra: { 'GET /api/admin/audit-log': () => new Response('down', { status: 503 }) } });
    renderHardwareManager();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Audit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the audit log');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('formats values: pence as pounds, empty as (none), weight in kg, rating in stars', () => {
    expect(formatChange({ field: 'original_price', from: null, to: 12900 })).toBe('Original price: (none) → £129.00');
    expect(formatChange({ field: 'gross_weight_grams', from: 1200, to: 1350 })).toBe('Gross weight: 1.20 kg → 1.35 kg');
    expect(formatChange({ field: 'rating_halves', from: 10, to: 9 })).toBe('Rating: 5 → 4.5');
    expect(formatChange({ field: 'in_stock', from: true, to: false })).toBe('In stock: yes → no');
    expect(formatChange({ field: 'images', from: null, to: 'front.png' })).toBe('Images: (none) → front.png');
    expect(formatChange({ field: 'specs', from: {}, to: { Screen: '4.3"' } })).toBe('Specifications: (none) → Screen: 4.3"');
    expect(formatChange({ field: 'something_new', from: 'a', to: 'b' })).toBe('something_new: a → b');
    expect(formatUkTime('2025-12-24T23:59:00Z')).toBe('24 Dec 2025, 23:59:00');
  });
});
