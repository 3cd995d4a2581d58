import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { fakeAdminServer, hardwareItem, staffSession } from '../testing/fake-admin-server';
import { renderHardwareManager } from '../testing/render-admin';
import { RETURN_TO_LIST_MS } from './hardware-manager';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function openNewItemForm(user: UserEvent) {
  await user.click(await screen.findByRole('tab', { name: 'Add New Item' }));
  return screen.getByRole('form', { name: 'New hardware item' });
}

async function fillValidForm(user: UserEvent) {
  await user.type(screen.getByLabelText('Product name'), 'Yealink T57W');
  await user.selectOptions(screen.getByLabelText('Brand'), 'Yealink');
  await user.type(screen.getByLabelText('Model'), 'T57W');
  await user.type(screen.getByLabelText('Price (£, ex VAT)'), '149.99');
  await user.type(screen.getByLabelText('Feature 1'), 'Wi-Fi');
  await user.type(screen.getByLabelText('Compatibility 1'), 'Talkbridge');
}

describe('admin hardware form', () => {
  it("shows every problem after 'Please fix the following errors: ' and sends nothing", async () => {
    const server = fakeAdminServer({ session: staffSession(), items: [] });
    renderHardwareManager();
    const user = userEvent.setup();
    await openNewItemForm(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please fix the following errors: Product name is required, Brand is required, Model is required, Valid price is required, At least one feature is required, At least one compatibility item is required',
    );
    expect(screen.getByRole('alert')).toHaveFocus();
    // Blank rows do not count.
    await user.type(screen.getByLabelText('Feature 1'), '   ');
    await user.click(screen.getByRole('button', { name: 'Add feature' }));
    expect(screen.getByLabelText('Feature 2')).toHaveFocus();
    await user.type(screen.getByLabelText('Product name'), 'Phone');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please fix the following errors: Brand is required, Model is required, Valid price is required, At least one feature is required, At least one compatibility item is required',
    );
    expect(server.saved()).toEqual([]);
  });

  it('creates with prices in pence (pounds typed), weight in grams and blank rows dropped; Creating... while saving; back to the list after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let release: () => void = () => undefined;
    const server = fakeAdminServer({ session: staffSession(), items: [hardwareItem({ id: 'old', name: 'Cisco 8841', brand: 'cisco' })] });
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const realCreate = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (input instanceof Request && input.method === 'POST' && new URL(input.url).pathname === '/api/hardware/') await gate;
      return realCreate(input, init);
    });
    renderHardwareManager();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openNewItemForm(user);
    expect(screen.getByLabelText('Status')).toHaveValue('draft');
    expect(screen.getByLabelText('Rating')).toHaveValue('5');
    expect(screen.getByLabelText('In stock')).toBeChecked();
    await fillValidForm(user);
    await user.type(screen.getByLabelText('Original price (£)'), '169.5');
    await user.type(screen.getByLabelText('Gross weight (kg)'), '1.35');
    await user.type(screen.getByLabelText('SKU'), 'YEA-T57W');
    await user.type(screen.getByLabelText('Short description'), 'Flagship');
    await user.click(screen.getByRole('button', { name: 'Add feature' }));
    await user.click(screen.getByRole('button', { name: 'Add feature' }));
    await user.type(screen.getByLabelText('Feature 3'), 'Bluetooth');
    await user.selectOptions(screen.getByLabelText('Rating'), '4.5');
    await user.selectOptions(screen.getByLabelText('Status'), 'Published');
    await user.click(screen.getByLabelText('In stock'));

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('button', { name: 'Creating...' })).toBeDisabled();
    await act(async () => release());

    expect(await screen.findByRole('status')).toHaveTextContent('Item created successfully');
    expect(server.saved()).toEqual([
      {
        name: 'Yealink T57W',
        brand: 'yealink',
        model: 'T57W',
        sku: 'YEA-T57W',
        pricePence: 14999,
        originalPricePence: 16950,
        grossWeightGrams: 1350,
        shortDesc: 'Flagship',
        description: '',
        features: ['Wi-Fi', 'Bluetooth'],
        compatibility: ['Talkbridge'],
        rating: 4.5,
        inStock: false,
        specs: {},
        status: 'published',
        imageIds: [],
      },
    ]);
    // Still on the form until 1.5 s have passed.
    act(() => vi.advanceTimersByTime(RETURN_TO_LIST_MS - 100));
    expect(screen.getByRole('tab', { name: 'Add New Item' })).toHaveAttribute('aria-selected', 'true');
    act(() => vi.advanceTimersByTime(100));
    expect(await screen.findByRole('tab', { name: 'All Items (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('row', { name: /Yealink T57W/ })).toBeInTheDocument();
    // The form was reset.
    await user.click(screen.getByRole('tab', { name: 'Add New Item' }));
    expect(screen.getByLabelText('Product name')).toHaveValue('');
    expect(screen.getByLabelText('Feature 1')).toHaveValue('');
    expect(screen.queryByLabelText('Feature 2')).not.toBeInTheDocument();
  });

  it("edits a saved item ('Edit Item', Update / Updating...), keeping its specs and images", async () => {
    const item = hardwareItem({
      id: 'ye-1',
      name: 'Yealink T54W',
      pricePence: 11900,
      images: [{ id: 'img-1', url: '/api/hardware-images/img-1', filename: 'front.png' }],
      specs: { Screen: '4.3"' },
    });
    const server = fakeAdminServer({ session: staffSession(), items: [item] });
    renderHardwareManager();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Yealink T54W' }));
    expect(screen.getByRole('tab', { name: 'Edit Item' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('form', { name: 'Edit Yealink T54W' })).toBeInTheDocument();
    const price = screen.getByLabelText('Price (£, ex VAT)');
    expect(price).toHaveValue(119);
    expect(screen.getByLabelText('Gross weight (kg)')).toHaveValue(1.2);
    expect(screen.getByRole('img', { name: 'front.png' })).toHaveAttribute('src', '/api/hardware-images/img-1');
    await user.clear(price);
    await user.type(price, '99.5');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Item updated successfully');
    const [body] = server.saved();
    expect(body).toMatchObject({ pricePence: 9950, specs: { Screen: '4.3"' }, imageIds: ['img-1'], status: 'published' });
    expect(server.calls.find((call) => call.method === 'PUT')?.url.pathname).toBe('/api/hardware/ye-1/');
  });

  it("shows the server's 422 error", async () => {
    fakeAdminServer({ session: staffSession(), items: [], refuseSave: 'Please fix the following errors: A text is too long' });
    renderHardwareManager();
    const user = userEvent.setup();
    await openNewItemForm(user);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fix the following errors: A text is too long');
    expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled();
  });

  it("a failed save for another reason says 'Error saving item. Please try again.'", async () => {
    fakeAdminServer({ session: staffSession(), items: [], extra: { 'POST /api/hardware/': () => new Response('boom', { status: 500 }) } });
    renderHardwareManager();
    const user = userEvent.setup();
    await openNewItemForm(user);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error saving item. Please try again.');
  });

  it('feature and compatibility lists always keep one row', async () => {
    fakeAdminServer({ session: staffSession(), items: [] });
    renderHardwareManager();
    const user = userEvent.setup();
    await openNewItemForm(user);
    expect(screen.getByRole('button', { name: 'Remove feature 1' })).toBeDisabled();
    await user.type(screen.getByLabelText('Feature 1'), 'One');
    await user.click(screen.getByRole('button', { name: 'Add feature' }));
    await user.type(screen.getByLabelText('Feature 2'), 'Two');
    await user.click(screen.getByRole('button', { name: 'Remove feature 1' }));
    expect(screen.getByLabelText('Feature 1')).toHaveValue('Two');
    expect(screen.queryByLabelText('Feature 2')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove feature 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add compatibility item' }));
    expect(screen.getByLabelText('Compatibility 2')).toHaveFocus();
  });

  it('uploading needs a brand first; uploads show thumbnails and can be removed', async () => {
    const server = fakeAdminServer({ session: staffSession(), items: [] });
    renderHardwareManager();
    const user = userEvent.setup();
    await openNewItemForm(user);
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'front.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload images'), png);
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a brand before uploading images');
    expect(server.calls.some((call) => call.url.pathname === '/api/upload-image/')).toBe(false);

    await user.selectOptions(screen.getByLabelText('Brand'), 'Yealink');
    await user.type(screen.getByLabelText('Model'), 'T57W');
    await user.upload(screen.getByLabelText('Upload images'), [png, new File(['x'], 'back.webp', { type: 'image/webp' })]);
    const images = await screen.findByRole('list', { name: 'Item images' });
    expect(await within(images).findAllByRole('img')).toHaveLength(2);
    const upload = server.fetchMock.mock.calls.map(([input]) => input as Request).find((request) => new URL(request.url).pathname === '/api/upload-image/');
    expect(upload?.headers.get('X-CSRF-Token')).toBe('csrf-token-1');
    const uploaded = server.calls.find((call) => call.url.pathname === '/api/upload-image/')!.body;
    expect(uploaded).toContain('name="brand"\r\n\r\nyealink');
    expect(uploaded).toContain('name="model"\r\n\r\nT57W');
    // (jsdom's File loses its name inside undici's FormData, so only the part is checked.)
    expect(uploaded).toMatch(/name="image"; filename=/);

    await user.click(screen.getByRole('button', { name: 'Remove image upload-1.png' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Image removed');
    expect(within(images).getAllByRole('img')).toHaveLength(1);
    expect(server.deletes()).toEqual(['/api/hardware-images/image-1/']);

    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Item created successfully');
    expect(server.saved()[0].imageIds).toEqual(['image-2']);
  });

  it('refuses files that are not JPEG, PNG or WebP', async () => {
    const server = fakeAdminServer({ session: staffSession(), items: [] });
    renderHardwareManager();
    const user = userEvent.setup({ applyAccept: false });
    await openNewItemForm(user);
    await user.selectOptions(screen.getByLabelText('Brand'), 'Cisco');
    await user.upload(screen.getByLabelText('Upload images'), new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to upload images: Only JPEG, PNG or WebP images can be uploaded.');
    expect(server.calls.some((call) => call.url.pathname === '/api/upload-image/')).toBe(false);
  });

  it('Cancel goes back to the list and clears the form', async () => {
    fakeAdminServer({ session: staffSession(), items: [hardwareItem({ name: 'Yealink T54W' })] });
    renderHardwareManager();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Yealink T54W' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('tab', { name: 'All Items (1)' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Add New Item' }));
    expect(screen.getByLabelText('Product name')).toHaveValue('');
  });
});
