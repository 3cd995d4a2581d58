import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../../app/store';
import { jsonResponse } from '../../../testing/mock-fetch';
import { hardwareApi } from '../api';
import { HardwareErrorBoundary } from '../components/hardware-error-boundary';
import { fakeHardwareServer, phone } from '../testing/fake-hardware-server';
import { renderHardwarePage } from '../testing/render-hardware-page';

const t54w = phone({ id: 'yea-1', name: 'Yealink T54W' });
const t46u = phone({ id: 'yea-2', name: 'Yealink T46U', model: 'T46U', inStock: false, updatedAt: '2025-02-01T10:00:00Z' });
const gxp = phone({ id: 'gs-1', brand: 'grandstream', name: 'Grandstream GXP2170', model: 'GXP2170' });
const vvx = phone({ id: 'poly-1', brand: 'polycom', name: 'Polycom VVX 450', model: 'VVX 450' });
const cisco = phone({ id: 'cis-1', brand: 'cisco', name: 'Cisco 8841', model: '8841' });
const catalogue = [gxp, t46u, t54w, vvx, cisco];

function tab(name: string) {
  return screen.getByRole('tab', { name });
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

const scrollIntoView = vi.fn();

beforeEach(() => {
  Element.prototype.scrollIntoView = scrollIntoView;
});

afterEach(() => {
  scrollIntoView.mockReset();
  vi.useRealTimers();
});

describe('hardware page: tabs and the hash', () => {
  it('All shows a section per brand with one H1; a tab writes its hash and shows that brand only', async () => {
    const user = userEvent.setup();
    const server = fakeHardwareServer({ items: catalogue });
    const { history } = renderHardwarePage('/hardware');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Business Desk Phones');
    expect(screen.getAllByRole('tab').map((entry) => entry.textContent)).toEqual(['All', 'Grandstream', 'Yealink', 'Polycom', 'Cisco']);
    expect(tab('All')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('region').map((entry) => within(entry).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Grandstream Phones',
      'Yealink Phones',
      'Polycom Phones',
      'Cisco Phones',
    ]);
    expect(await screen.findByRole('article', { name: 'Cisco 8841' })).toBeInTheDocument();
    expect(within(section('Yealink Phones')).getAllByRole('article').map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Yealink T46U',
      'Yealink T54W',
    ]);
    expect([...server.listCalls()].sort()).toEqual(['cisco', 'grandstream', 'polycom', 'yealink']);

    await user.click(tab('Yealink'));
    expect(history.location.hash).toBe('#yealink');
    expect(history.location.pathname).toBe('/hardware');
    expect(tab('Yealink')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('region')).toHaveLength(1);
    expect(section('Yealink Phones')).toBeInTheDocument();
    // The brand's list comes from the cache: no new call within 60 s.
    expect(server.listCalls()).toHaveLength(4);

    await user.click(tab('All'));
    expect(history.location.hash).toBe('#all');
    expect(screen.getAllByRole('region')).toHaveLength(4);
  });

  it('reads the hash on change (a header link to /hardware#polycom switches the tab)', async () => {
    fakeHardwareServer({ items: catalogue });
    const { history } = renderHardwarePage('/hardware#yealink');
    expect(tab('Yealink')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('article', { name: 'Yealink T54W' })).toBeInTheDocument();

    act(() => history.push('/hardware#polycom'));
    expect(tab('Polycom')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('article', { name: 'Polycom VVX 450' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Yealink Phones' })).not.toBeInTheDocument();

    act(() => history.push('/hardware#nokia'));
    expect(tab('All')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('region')).toHaveLength(4);
  });

  it('arrow keys move between the tabs', async () => {
    const user = userEvent.setup();
    fakeHardwareServer({ items: catalogue });
    const { history } = renderHardwarePage('/hardware#cisco');
    act(() => tab('Cisco').focus());
    await user.keyboard('{ArrowRight}');
    expect(history.location.hash).toBe('#all');
    expect(tab('All')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(history.location.hash).toBe('#cisco');
  });

  it('#{brand}-{id} selects the brand, then after about 0.5 s centres the card and highlights it for 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeHardwareServer({ items: catalogue });
    renderHardwarePage('/hardware#yealink-yea-1');
    expect(tab('Yealink')).toHaveAttribute('aria-selected', 'true');
    const card = await screen.findByRole('article', { name: 'Yealink T54W' });
    expect(card).not.toHaveClass('is-highlighted');

    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(card);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'center' });
    expect(card).toHaveClass('is-highlighted');
    expect(screen.getByRole('article', { name: 'Yealink T46U' })).not.toHaveClass('is-highlighted');

    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(card).toHaveClass('is-highlighted');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(card).not.toHaveClass('is-highlighted');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });
});

describe('hardware page: section states', () => {
  it('loading, then the list with its count', async () => {
    fakeHardwareServer({ items: catalogue });
    renderHardwarePage('/hardware#yealink');
    expect(within(section('Yealink Phones')).getByRole('status')).toHaveTextContent('Loading Yealink phones…');
    expect(await screen.findByText('Showing 2 products')).toBeInTheDocument();
    expect(within(section('Yealink Phones')).getByRole('list', { name: 'Yealink phones' })).toBeInTheDocument();
    expect(within(section('Yealink Phones')).queryByText('Loading Yealink phones…')).not.toBeInTheDocument();
  });

  it('a failed list shows the error; Try Again asks again and shows the phones', async () => {
    const user = userEvent.setup();
    let fail = true;
    const server = fakeHardwareServer({
      items: catalogue,
      list: () => (fail ? jsonResponse({ success: false, error: 'Database down', code: 'internal' }, 500) : undefined),
    });
    renderHardwarePage('/hardware#cisco');
    const alert = await within(section('Cisco Phones')).findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to load products' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Failed to load Cisco phones. Please try again later.');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Cisco 8841' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 product')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(server.listCalls()).toEqual(['cisco', 'cisco']);
  });

  it('a 200 that is not the list is an error too', async () => {
    fakeHardwareServer({ list: () => ({ error: 'Nope' }) });
    renderHardwarePage('/hardware#polycom');
    expect(await within(section('Polycom Phones')).findByRole('alert')).toHaveTextContent('Failed to load Polycom phones. Please try again later.');
  });

  it('an empty brand says so; only Grandstream offers Refresh', async () => {
    const user = userEvent.setup();
    const server = fakeHardwareServer({ items: [] });
    renderHardwarePage('/hardware');
    const grandstream = section('Grandstream Phones');
    expect(await within(grandstream).findByRole('heading', { name: 'No grandstream phones available' })).toBeInTheDocument();
    expect(grandstream).toHaveTextContent('Our inventory is being updated. Please check back soon.');
    const polycom = section('Polycom Phones');
    expect(await within(polycom).findByRole('heading', { name: 'No polycom phones available' })).toBeInTheDocument();
    expect(within(polycom).queryByRole('button')).not.toBeInTheDocument();

    server.setItems([gxp]);
    await user.click(within(grandstream).getByRole('button', { name: 'Refresh' }));
    expect(await within(grandstream).findByRole('article', { name: 'Grandstream GXP2170' })).toBeInTheDocument();
    expect(server.listCalls().filter((brand) => brand === 'grandstream')).toHaveLength(2);
  });

  it('a refresh that brings the same ids and stamps keeps the shown list; a new stamp updates it', async () => {
    const server = fakeHardwareServer({ items: [gxp] });
    const { store } = renderHardwarePage('/hardware#grandstream');
    const card = await screen.findByRole('article', { name: 'Grandstream GXP2170' });
    const refresh = async () => {
      await act(() => store.dispatch(hardwareApi.endpoints.getBrandHardware.initiate('grandstream', { forceRefetch: true })));
      // The store tells its subscribers on the next animation frame (RTK's auto-batching).
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    };

    // Same id and stamp (other text): the list on the page stays as it was.
    server.setItems([{ ...gxp, name: 'Renamed without a new stamp' }]);
    await refresh();
    expect(server.listCalls()).toEqual(['grandstream', 'grandstream']);
    expect(screen.getByRole('article', { name: 'Grandstream GXP2170' })).toBe(card);
    expect(screen.queryByRole('article', { name: 'Renamed without a new stamp' })).not.toBeInTheDocument();

    // A new stamp: the list is replaced.
    server.setItems([{ ...gxp, name: 'Grandstream GXP2170 v2', updatedAt: '2025-03-01T00:00:00Z' }]);
    await refresh();
    expect(await screen.findByRole('article', { name: 'Grandstream GXP2170 v2' })).toBeInTheDocument();

    // A new id: replaced too.
    server.setItems([{ ...gxp, name: 'Grandstream GXP2170 v2', updatedAt: '2025-03-01T00:00:00Z' }, phone({ id: 'gs-2', brand: 'grandstream', name: 'Grandstream GRP2612' })]);
    await refresh();
    expect(await screen.findByRole('article', { name: 'Grandstream GRP2612' })).toBeInTheDocument();
    expect(screen.getByText('Showing 2 products')).toBeInTheDocument();
  });

  it('the 60 s cache: a second visit within a minute asks nothing new', async () => {
    const server = fakeHardwareServer({ items: catalogue });
    const store = makeStore();
    const first = renderHardwarePage('/hardware#yealink', { store });
    await screen.findByRole('article', { name: 'Yealink T54W' });
    first.unmount();
    renderHardwarePage('/hardware#yealink', { store });
    expect(screen.getByRole('article', { name: 'Yealink T54W' })).toBeInTheDocument();
    expect(server.listCalls()).toEqual(['yealink']);
  });
});

describe('hardware page: cards', () => {
  it('Add to Cart passes the product id and the chosen quantity; out of stock is disabled', async () => {
    const user = userEvent.setup();
    fakeHardwareServer({ items: catalogue });
    const { onAddToCart } = renderHardwarePage('/hardware#yealink');
    const card = await screen.findByRole('article', { name: 'Yealink T54W' });
    await user.click(within(card).getByRole('button', { name: 'Increase quantity' }));
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    expect(onAddToCart).toHaveBeenCalledWith('yea-1', 2);
    expect(await within(card).findByText('Added 2 × Yealink T54W to your cart.')).toBeInTheDocument();

    const soldOut = screen.getByRole('article', { name: 'Yealink T46U' });
    expect(within(soldOut).getByText('Out of Stock')).toBeInTheDocument();
    expect(within(soldOut).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });
});

describe('HardwareErrorBoundary', () => {
  function Broken(): never {
    throw new Error('Cannot read the specs');
  }

  it("shows 'Something went wrong.' with the error text and stack", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <HardwareErrorBoundary resetKey="a">
        <Broken />
      </HardwareErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Cannot read the specs');
    expect(alert.querySelector('pre')?.textContent).toContain('Error: Cannot read the specs');
    vi.mocked(console.error).mockRestore();
  });
});
