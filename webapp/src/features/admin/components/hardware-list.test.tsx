import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAdminServer, hardwareItem, staffSession } from '../testing/fake-admin-server';
import { renderHardwareManager } from '../testing/render-admin';
import { FLASH_MS } from '../use-flash';

const catalogue = () => [
  hardwareItem({ id: 'gs-1', brand: 'grandstream', name: 'Grandstream GRP2612', model: 'GRP2612', shortDesc: 'Two lines, colour screen', pricePence: 5900, originalPricePence: 6900, status: 'published' }),
  hardwareItem({ id: 'ye-1', brand: 'yealink', name: 'Yealink T54W', model: 'T54W', shortDesc: 'Bluetooth and Wi-Fi', pricePence: 11900, originalPricePence: 11000, status: 'draft' }),
  hardwareItem({ id: 'ye-2', brand: 'yealink', name: 'Yealink T31P', model: 'T31P', shortDesc: 'Entry level desk phone', pricePence: 4500, inStock: false, status: 'archived' }),
  hardwareItem({ id: 'ci-1', brand: 'cisco', name: 'Cisco 8841', model: 'CP-8841', shortDesc: 'Executive phone', pricePence: 19900, status: null }),
];

/** The names of the rows shown, in order. */
function rowNames(): string[] {
  return screen.getAllByRole('rowheader').map((cell) => within(cell).getByText(/./, { selector: '.admin-item-name' }).textContent ?? '');
}

function row(name: string) {
  return screen.getByRole('row', { name: new RegExp(name) });
}

beforeEach(() => {
  vi.spyOn(window, 'confirm').mockReturnValue(true);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('admin list', () => {
  it('lists every item with brand, model, price (struck-through "was" when higher), stock and status badges', async () => {
    fakeAdminServer({ session: staffSession(), items: catalogue() });
    renderHardwareManager();
    expect(await screen.findByRole('tab', { name: 'All Items (4)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Name', 'Brand', 'Model', 'Price', 'Stock', 'Status', 'Actions']);
    const grandstream = row('Grandstream GRP2612');
    expect(within(grandstream).getByText('Two lines, colour screen')).toBeInTheDocument();
    expect(within(grandstream).getByText('Grandstream')).toBeInTheDocument();
    expect(within(grandstream).getByText('£59.00')).toBeInTheDocument();
    expect(within(grandstream).getByText('was £69.00').tagName).toBe('S');
    expect(within(grandstream).getByText('In Stock')).toBeInTheDocument();
    expect(within(grandstream).getByText('Published')).toBeInTheDocument();
    // An original price below the price is not shown as 'was'.
    expect(within(row('Yealink T54W')).queryByText(/was/)).not.toBeInTheDocument();
    expect(within(row('Yealink T54W')).getByText('Draft')).toBeInTheDocument();
    expect(within(row('Yealink T31P')).getByText('Out of Stock')).toBeInTheDocument();
    expect(within(row('Yealink T31P')).getByText('Archived')).toBeInTheDocument();
    // A missing status displays as published.
    expect(within(row('Cisco 8841')).getByText('Published')).toBeInTheDocument();
    for (const action of ['Edit Cisco 8841', 'View details of Cisco 8841', 'Delete Cisco 8841']) {
      expect(screen.getByRole('button', { name: action })).toBeInTheDocument();
    }
  });

  it('filters by brand and status and searches name, model and short description', async () => {
    fakeAdminServer({ session: staffSession(), items: catalogue() });
    renderHardwareManager();
    await screen.findByRole('tab', { name: 'All Items (4)' });
    const user = userEvent.setup();

    await user.selectOptions(screen.getByLabelText('Brand'), 'Yealink');
    expect(rowNames()).toEqual(['Yealink T54W', 'Yealink T31P']);
    await user.selectOptions(screen.getByLabelText('Status'), 'Archived');
    expect(rowNames()).toEqual(['Yealink T31P']);
    await user.selectOptions(screen.getByLabelText('Brand'), 'All brands');
    await user.selectOptions(screen.getByLabelText('Status'), 'Published');
    expect(rowNames()).toEqual(['Grandstream GRP2612', 'Cisco 8841']);
    await user.selectOptions(screen.getByLabelText('Status'), 'All statuses');

    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'cp-88');
    expect(rowNames()).toEqual(['Cisco 8841']);
    await user.clear(search);
    await user.type(search, 'BLUETOOTH');
    expect(rowNames()).toEqual(['Yealink T54W']);
    await user.clear(search);
    await user.type(search, 't31p');
    expect(rowNames()).toEqual(['Yealink T31P']);
    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('No hardware items found.')).toBeInTheDocument();
    // The tab counts every item, whatever the filters.
    expect(screen.getByRole('tab', { name: 'All Items (4)' })).toBeInTheDocument();
  });

  it('select-all selects the rows shown; Delete Selected (n) confirms, deletes them and shows a banner for 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeAdminServer({ session: staffSession(), items: catalogue() });
    renderHardwareManager();
    await screen.findByRole('tab', { name: 'All Items (4)' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const bulk = screen.getByRole('button', { name: 'Delete Selected (0)' });
    expect(bulk).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Brand'), 'Yealink');
    const selectAll = screen.getByRole('checkbox', { name: 'Select all items' });
    await user.click(selectAll);
    expect(screen.getByRole('checkbox', { name: 'Select Yealink T54W' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Yealink T31P' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Delete Selected (2)' })).toBeEnabled();

    // One row off: select-all is mixed; on again selects both.
    await user.click(screen.getByRole('checkbox', { name: 'Select Yealink T31P' }));
    expect(selectAll).not.toBeChecked();
    expect(selectAll).toHaveProperty('indeterminate', true);
    expect(screen.getByRole('button', { name: 'Delete Selected (1)' })).toBeInTheDocument();
    await user.click(selectAll);
    expect(selectAll).toBeChecked();

    // Cancelled: nothing is deleted.
    vi.mocked(window.confirm).mockReturnValueOnce(false);
    await user.click(screen.getByRole('button', { name: 'Delete Selected (2)' }));
    expect(window.confirm).toHaveBeenLastCalledWith('Are you sure you want to delete 2 items? This action cannot be undone.');
    expect(server.deletes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Selected (2)' }));
    expect(await screen.findByRole('status')).toHaveTextContent('2 items deleted successfully');
    expect(server.deletes().sort()).toEqual(['/api/hardware/ye-1/', '/api/hardware/ye-2/']);
    await screen.findByRole('tab', { name: 'All Items (2)' });
    expect(screen.getByText('No hardware items found.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Brand'), 'All brands');
    expect(rowNames()).toEqual(['Grandstream GRP2612', 'Cisco 8841']);
    expect(screen.getByRole('button', { name: 'Delete Selected (0)' })).toBeDisabled();

    act(() => vi.advanceTimersByTime(FLASH_MS - 100));
    expect(screen.getByText('2 items deleted successfully')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('2 items deleted successfully')).not.toBeInTheDocument();
  });

  it('a selected row hidden by a filter is not deleted', async () => {
    const server = fakeAdminServer({ session: staffSession(), items: catalogue() });
    renderHardwareManager();
    await screen.findByRole('tab', { name: 'All Items (4)' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select Cisco 8841' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Yealink T54W' }));
    await user.selectOptions(screen.getByLabelText('Brand'), 'Yealink');
    await user.click(screen.getByRole('button', { name: 'Delete Selected (1)' }));
    expect(window.confirm).toHaveBeenLastCalledWith('Are you sure you want to delete 1 items? This action cannot be undone.');
    await waitFor(() => expect(server.deletes()).toEqual(['/api/hardware/ye-1/']));
  });

  it('a bulk delete that partly fails says so', async () => {
    fakeAdminServer({ session: staffSession(), items: catalogue(), failDelete: ['ye-2'] });
    renderHardwareManager();
    await screen.findByRole('tab', { name: 'All Items (4)' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select Yealink T54W' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Yealink T31P' }));
    await user.click(screen.getByRole('button', { name: 'Delete Selected (2)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error deleting items. Please try again.');
    await screen.findByRole('tab', { name: 'All Items (3)' });
    // The one left stays selected.
    expect(screen.getByRole('button', { name: 'Delete Selected (1)' })).toBeInTheDocument();
  });

  it('deleting one item asks first', async () => {
    const server = fakeAdminServer({ session: staffSession(), items: catalogue(), failDelete: ['ci-1'] });
    renderHardwareManager();
    await screen.findByRole('tab', { name: 'All Items (4)' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Yealink T54W' }));
    expect(window.confirm).toHaveBeenLastCalledWith('Are you sure you want to delete this item? This action cannot be undone.');
    expect(await screen.findByRole('status')).toHaveTextContent('Item deleted successfully');
    expect(server.deletes()).toEqual(['/api/hardware/ye-1/']);
    await screen.findByRole('tab', { name: 'All Items (3)' });
    await user.click(screen.getByRole('button', { name: 'Delete Cisco 8841' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error deleting item. Please try again.');
  });

  it("the empty list offers 'Add your first item', which opens the form", async () => {
    fakeAdminServer({ session: staffSession(), items: [] });
    renderHardwareManager();
    expect(await screen.findByText('No hardware items found.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add your first item' }));
    expect(screen.getByRole('tab', { name: 'Add New Item' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Product name')).toHaveValue('');
  });

  it('view details shows the item in a modal with View on Site; Escape closes it', async () => {
    fakeAdminServer({ session: staffSession(), items: catalogue() });
    renderHardwareManager();
    await screen.findByRole('tab', { name: 'All Items (4)' });
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'View details of Grandstream GRP2612' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Grandstream GRP2612' });
    expect(within(dialog).getByRole('link', { name: 'View on Site' })).toHaveAttribute('href', '/hardware#grandstream-gs-1');
    for (const text of ['Grandstream', 'GRP2612', '£59.00', 'In Stock', '1.20 kg', 'Two lines, colour screen', 'HD voice']) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('support staff see the list, details and audit with a read-only note, but no create, edit or delete controls', async () => {
    fakeAdminServer({ session: staffSession('support'), items: catalogue() });
    renderHardwareManager();
    await screen.findByRole('tab', { name: 'All Items (4)' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All Items (4)', 'Audit']);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View details of Cisco 8841' })).toBeInTheDocument();
    expect(screen.getByText('Read only: you can look at the catalogue and its audit log, but only admins can change them.')).toBeInTheDocument();
  });

  it('admins get no read-only note', async () => {
    fakeAdminServer({ session: staffSession(), items: catalogue() });
    renderHardwareManager();
    await screen.findByRole('tab', { name: 'All Items (4)' });
    expect(screen.queryByText(/^Read only/)).not.toBeInTheDocument();
  });

  it("shows 'Failed to load hardware data' when the list cannot be loaded", async () => {
    fakeAdminServer({ session: staffSession(), extra: { 'GET /api/admin/hardware/': () => new Response('down', { status: 503 }) } });
    renderHardwareManager();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load hardware data');
  });

  it('a visitor who is not signed in is sent to the sign-in page', async () => {
    fakeAdminServer({ session: null });
    const { history } = renderHardwareManager();
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/admin/login');
    expect(history.location.search).toBe('?next=%2Fadmin%2Fhardware');
  });
});
