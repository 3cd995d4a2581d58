import type { Cart, CartPhoneNumber, PhoneNumberEntry } from '../../../lib/api-types';
import { CART_ID, emptyCart } from '../../../testing/fixtures';
import { jsonResponse, mockFetch, type Handler } from '../../../testing/mock-fetch';
import type { FreeNumber, NumberSearchResponse } from '../types';

/** A number of a search page, as the server describes it. */
type ServedNumber = NumberSearchResponse['numbers'][number];

/** A UK stock number as the server lists it, e.g. stockNumber('01614960000'). */
export function stockNumber(national: string, overrides: Partial<ServedNumber> = {}): ServedNumber {
  const displayValue = national.startsWith('02')
    ? `${national.slice(0, 3)} ${national.slice(3, 7)} ${national.slice(7)}`
    : `${national.slice(0, 5)} ${national.slice(5)}`;
  return {
    value: `44${national.slice(1)}`,
    displayValue,
    national,
    country: 'GB',
    numberType: national.startsWith('07') ? 'mobile' : 'geographic',
    areaCode: national.slice(0, 4),
    monthlyPence: national.startsWith('07') ? 499 : 200,
    included: false,
    isDemo: true,
    ...overrides,
  };
}

/** A page as the server answers it: `next_after` is the last national number while pages remain. */
export function searchPage(numbers: ServedNumber[], page = 1, totalPages = 1, total = numbers.length): NumberSearchResponse {
  const nextAfter = page < totalPages ? numbers[numbers.length - 1]?.national : undefined;
  return { numbers, total_numbers: total, total_pages: totalPages, current_page: page, next_after: nextAfter ?? null };
}

/** The server's normalisation of a typed number value: spaces, hyphens, brackets and dots dropped. */
function normalised(value: string): string {
  return value.replace(/[\s\-().]/g, '');
}

interface FakeServerOptions {
  /** Answers GET /api/available_numbers/ (the request's query is in `url.searchParams`). */
  search?: (url: URL) => NumberSearchResponse | Response;
  freeNumbers?: () => { numbers: FreeNumber[] } | Response;
  /** Values another cart holds: adding them answers 409. */
  taken?: string[];
  /** How many numbers the plan includes (shown Free); the others cost `pricePence`. */
  included?: number;
  pricePence?: number;
  /** Transfer values the server refuses with this 422 message. */
  refuseTransfer?: string;
  /** Starts with a cart holding these numbers. */
  cart?: Cart;
  extra?: Record<string, Handler>;
}

/**
 * A stand-in for the API of the number pages: search, free-trial pool and the cart's number
 * commands. Like the real server it prices the cart (the browser never does).
 */
export function fakeNumberServer(options: FakeServerOptions = {}) {
  const { included = 0, pricePence = 200 } = options;
  let entries: PhoneNumberEntry[] = options.cart?.phoneNumbers.map(({ free: _free, pricePence: _price, ...entry }) => entry) ?? [];
  let created = options.cart !== undefined;

  const cart = (): Cart => {
    // As the server fills a number in: its display form, provider and flags.
    const phoneNumbers: CartPhoneNumber[] = entries.map(({ pac: _pac, ...entry }, index) => ({
      ...entry,
      displayValue: entry.displayValue ?? entry.value,
      provider: entry.provider ?? 'unknown',
      isTransfer: entry.isTransfer ?? false,
      isPlaceholder: entry.isPlaceholder ?? false,
      free: index < included,
      pricePence: index < included ? 0 : pricePence,
    }));
    return emptyCart({
      ...options.cart,
      phoneNumbers,
      hasSelectedNumbers: phoneNumbers.length > 0,
      nextNumberIncluded: entries.length < included,
      badgeCount: phoneNumbers.length,
    });
  };

  const numbersPath = `/api/carts/${CART_ID}/numbers`;
  const fetch = mockFetch({
    'GET /api/available_numbers/': (request) => options.search?.(new URL(request.url)) ?? searchPage([]),
    'GET /api/free-did-numbers/': () => options.freeNumbers?.() ?? { numbers: [] },
    'POST /api/carts': () => {
      created = true;
      return jsonResponse(cart(), 201);
    },
    [`GET /api/carts/${CART_ID}`]: () => (created ? cart() : jsonResponse({ error: 'Cart not found', code: 'cart_not_found' }, 404)),
    [`POST ${numbersPath}`]: async (request) => {
      const entry = (await request.json()) as PhoneNumberEntry;
      if (options.taken?.includes(entry.value)) {
        return jsonResponse({ error: 'This number has just been taken. Please choose another.', code: 'number_taken' }, 409);
      }
      if (entry.isTransfer && options.refuseTransfer) {
        return jsonResponse({ error: options.refuseTransfer, code: 'invalid_phone_number' }, 422);
      }
      // Like the server: placeholders keep their value as sent, other values are normalised.
      const value = entry.isPlaceholder ? entry.value : normalised(entry.value);
      if (!entries.some((existing) => existing.value === value)) entries = [...entries, { ...entry, value }];
      return cart();
    },
    ...options.extra,
  });
  // DELETE /api/carts/{id}/numbers/{value}: mockFetch keys are exact paths, so match here.
  const base = fetch.fetchMock.getMockImplementation();
  fetch.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    if (request.method === 'DELETE' && url.pathname.startsWith(`${numbersPath}/`)) {
      fetch.calls.push({ method: 'DELETE', url, body: '' });
      // Like the server: the value as held in the cart, else its normalised form.
      const typed = decodeURIComponent(url.pathname.slice(numbersPath.length + 1));
      const value = entries.some((entry) => entry.value === typed) ? typed : normalised(typed);
      entries = entries.filter((entry) => entry.value !== value);
      return jsonResponse(cart());
    }
    return base!(input, init);
  });
  return {
    ...fetch,
    cart,
    /** The query strings of the searches made, in order. */
    searches: () => fetch.calls.filter((call) => call.url.pathname === '/api/available_numbers/').map((call) => Object.fromEntries(call.url.searchParams)),
    posted: () => fetch.calls.filter((call) => call.method === 'POST' && call.url.pathname === numbersPath).map((call) => JSON.parse(call.body) as PhoneNumberEntry),
  };
}
