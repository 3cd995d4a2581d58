import type { Cart, CartItem } from '../../../lib/api-types';
import { cartTotals } from '../../../testing/fake-totals';
import { CART_ID, emptyCart } from '../../../testing/fixtures';
import { jsonResponse, mockFetch, type Handler } from '../../../testing/mock-fetch';
import type { HardwareBrand, WireHardwareItem } from '../types';

let nextId = 1;

/** A published, in-stock phone as `GET /api/hardware/` lists it (Yealink T54W unless overridden). */
export function phone(overrides: Partial<WireHardwareItem> = {}): WireHardwareItem {
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;
  return {
    id,
    brand: 'yealink',
    model: 'T54W',
    name: 'Yealink T54W',
    sku: 'YEA-T54W',
    pricePence: 11900,
    originalPricePence: 12900,
    grossWeightGrams: 1200,
    shortDesc: 'Prime business phone with a 4.3" colour screen',
    description: 'A desk phone for busy executives, with Bluetooth and Wi-Fi built in.',
    features: ['4.3" colour screen', 'Built-in Bluetooth and Wi-Fi'],
    compatibility: ['Talkbridge hosted PBX', 'Microsoft Teams (SIP gateway)'],
    inStock: true,
    rating: 4.5,
    status: 'published',
    images: [
      { id: `${id}-front`, url: `/api/hardware-images/${id}-front`, filename: 'front.png' },
      { id: `${id}-side`, url: `/api/hardware-images/${id}-side`, filename: 'side.png' },
    ],
    specs: { Screen: '4.3" colour', Lines: '16' },
    createdAt: '2025-01-01T10:00:00Z',
    updatedAt: '2025-01-01T10:00:00Z',
    ...overrides,
  };
}

interface FakeHardwareOptions {
  /** The catalogue; GET /api/hardware/?brand=x answers the items of brand x, like the server. */
  items?: WireHardwareItem[];
  /** Overrides the answer for a brand (an error Response, a body that is not the list, ...). */
  list?: (brand: HardwareBrand | null) => unknown;
  extra?: Record<string, Handler>;
}

/**
 * A stand-in for the hardware shop's API: the public list per brand and the cart's hardware
 * command. Like the real server it prices the cart lines from the catalogue (never the browser).
 */
export function fakeHardwareServer(options: FakeHardwareOptions = {}) {
  let items = options.items ?? [];
  let lines: CartItem[] = [];
  let created = false;

  const cart = (): Cart => {
    const hardwarePence = lines.reduce((sum, line) => sum + line.linePence, 0);
    return emptyCart({
      items: lines,
      badgeCount: lines.length,
      hasHardware: lines.length > 0,
      // As the server answers: nothing is due in the service checkout (desk phones have their
      // own), while the cart's VAT and total include the phones.
      totals: cartTotals({ hardwarePence }),
    });
  };

  const fetch = mockFetch({
    'GET /api/hardware/': (request) => {
      const brand = new URL(request.url).searchParams.get('brand') as HardwareBrand | null;
      const override = options.list?.(brand);
      if (override !== undefined) return override;
      return { items: items.filter((item) => !brand || item.brand === brand) };
    },
    'POST /api/carts': () => {
      created = true;
      return jsonResponse(cart(), 201);
    },
    [`GET /api/carts/${CART_ID}`]: () => (created ? cart() : jsonResponse({ error: 'Cart not found', code: 'cart_not_found' }, 404)),
    [`POST /api/carts/${CART_ID}/hardware`]: async (request) => {
      const { productId, quantity } = (await request.json()) as { productId: string; quantity: number };
      const item = items.find((entry) => entry.id === productId);
      if (!item || item.inStock === false || item.status !== 'published') {
        return jsonResponse({ error: 'This phone is not available to buy right now.', code: 'hardware_unavailable' }, 422);
      }
      const id = `hardware-${productId}`;
      const existing = lines.find((line) => line.id === id);
      const total = (existing?.quantity ?? 0) + quantity;
      const unitPence = item.pricePence ?? 0;
      const line: CartItem = { id, name: item.name ?? '', type: 'hardware', quantity: total, unitPence, linePence: unitPence * total };
      lines = existing ? lines.map((entry) => (entry.id === id ? line : entry)) : [...lines, line];
      return cart();
    },
    ...options.extra,
  });

  return {
    ...fetch,
    cart,
    /** Replaces the catalogue (the next list call answers it). */
    setItems(next: WireHardwareItem[]) {
      items = next;
    },
    /** The brands asked for, in order (null: no brand). */
    listCalls: () => fetch.calls.filter((call) => call.url.pathname === '/api/hardware/').map((call) => call.url.searchParams.get('brand')),
    posted: () =>
      fetch.calls
        .filter((call) => call.method === 'POST' && call.url.pathname === `/api/carts/${CART_ID}/hardware`)
        .map((call) => JSON.parse(call.body) as { productId: string; quantity: number }),
  };
}
