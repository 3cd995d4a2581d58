import { jsonResponse, mockFetch, noContent, type Handler } from '../../../testing/mock-fetch';
import { BRANDS, type AdminHardwareItem, type AuditEntry, type FieldChange, type HardwareItemBody, type StaffRole, type StaffSession } from '../types';
import { MAIL_STATUSES, type MailDetail } from '../mail-types';
import { fakeOrderRoutes, type FakeOrder } from './fake-orders';
import { refusal } from './refusal';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'correct horse battery';
export const CSRF_TOKEN = 'csrf-token-1';

let nextId = 1;

/** A hardware item as the admin list shows it; ids are readable in tests ('item-1', ...). */
export function hardwareItem(overrides: Partial<AdminHardwareItem> = {}): AdminHardwareItem {
  const id = overrides.id ?? `item-${nextId++}`;
  return {
    id,
    brand: 'yealink',
    model: 'T54W',
    name: 'Yealink T54W',
    sku: 'YEA-T54W',
    pricePence: 11900,
    originalPricePence: null,
    grossWeightGrams: 1200,
    shortDesc: 'Colour touch screen',
    description: '',
    features: ['HD voice'],
    compatibility: ['Talkbridge'],
    inStock: true,
    rating: 4.5,
    status: 'published',
    images: [],
    specs: { Screen: '4.3"' },
    createdAt: '2025-01-10T10:00:00Z',
    updatedAt: '2025-01-10T10:00:00Z',
    ...overrides,
  };
}

export function staffSession(role: StaffRole = 'admin'): StaffSession {
  return { email: role === 'admin' ? ADMIN_EMAIL : 'support@example.com', role, csrfToken: CSRF_TOKEN };
}

interface FakeAdminOptions {
  /** Signed in already (GET /api/admin/me answers it), or not (401). */
  session?: StaffSession | null;
  items?: AdminHardwareItem[];
  audit?: AuditEntry[];
  /** POST /api/admin/login answers 429 (too many attempts). */
  tooManyAttempts?: boolean;
  /** Item ids whose DELETE fails with 500. */
  failDelete?: string[];
  /** Refuse saves with this 422 message. */
  refuseSave?: string;
  /** The mailbox's e-mails, newest first. */
  mails?: MailDetail[];
  /** No mail relay: the mailbox says e-mail is kept, not sent. */
  relayConfigured?: boolean;
  /** The support console's orders (fake-orders.ts). */
  orders?: FakeOrder[];
  extra?: Record<string, Handler>;
}

/**
 * A stand-in for the staff sign-in, the hardware catalogue's admin routes, the audit log and the
 * support console's orders. Like the server it keeps the session, checks X-CSRF-Token on writes,
 * refuses support staff's catalogue writes and trial extensions (403) and writes an audit entry
 * per catalogue change.
 */
export function fakeAdminServer(options: FakeAdminOptions = {}) {
  let session: StaffSession | null = options.session ?? null;
  let items = [...(options.items ?? [])];
  let audit = [...(options.audit ?? [])];
  let uploads = 0;
  let auditId = audit.length;

  const record = (item: AdminHardwareItem, action: string, changes: FieldChange[] = []) => {
    auditId += 1;
    const at = new Date(Date.UTC(2025, 5, 1, 9, 0, auditId)).toISOString();
    audit = [{ id: auditId, itemId: item.id, itemName: item.name, actor: session?.email ?? '', at, action, changes }, ...audit];
  };

  /** The staff member of a request, or the refusal. */
  const staff = (request: Request, write: boolean): StaffSession | Response => {
    if (!session) return refusal(401, 'not_signed_in', 'Please sign in.');
    if (write && request.headers.get('X-CSRF-Token') !== session.csrfToken) {
      return refusal(403, 'csrf', 'This request is missing its security token. Please reload the page.');
    }
    if (write && session.role !== 'admin') return refusal(403, 'forbidden', 'Only admins may do this.');
    return session;
  };

  /** A signed-in staff member's write of any role (the support console's actions): the token only. */
  const staffWrite = (request: Request): StaffSession | Response => {
    const who = staff(request, false);
    if (who instanceof Response) return who;
    return request.headers.get('X-CSRF-Token') === who.csrfToken ? who : refusal(403, 'csrf', 'This request is missing its security token. Please reload the page.');
  };
  const orders = fakeOrderRoutes(options.orders ?? [], { read: (request) => staff(request, false), write: staffWrite, admin: (request) => staff(request, true) });

  const fromBody = (body: HardwareItemBody, base: AdminHardwareItem): AdminHardwareItem => ({
    ...base,
    // What the server keeps of a body: a known brand, and its defaults for what is left out.
    name: body.name,
    brand: BRANDS.find((brand) => brand === body.brand) ?? null,
    model: body.model,
    sku: body.sku ?? '',
    pricePence: body.pricePence,
    originalPricePence: body.originalPricePence,
    grossWeightGrams: body.grossWeightGrams,
    shortDesc: body.shortDesc ?? '',
    description: body.description ?? '',
    features: body.features ?? [],
    compatibility: body.compatibility ?? [],
    rating: body.rating ?? 0,
    inStock: body.inStock ?? true,
    specs: body.specs ?? {},
    status: body.status ?? 'published',
    images: (body.imageIds ?? []).map((imageId) => ({ id: imageId, url: `/api/hardware-images/${imageId}`, filename: `${imageId}.png` })),
  });

  const save = async (request: Request, existing: AdminHardwareItem | null) => {
    const who = staff(request, true);
    if (who instanceof Response) return who;
    if (options.refuseSave) return refusal(422, 'invalid_hardware', options.refuseSave);
    const body = (await request.json()) as HardwareItemBody;
    if (existing) {
      const updated = fromBody(body, existing);
      const changes: FieldChange[] =
        existing.pricePence === updated.pricePence ? [] : [{ field: 'price', from: existing.pricePence, to: updated.pricePence }];
      items = items.map((item) => (item.id === existing.id ? updated : item));
      record(updated, 'updated', changes);
      return updated;
    }
    const created = fromBody(body, hardwareItem({ id: `new-${items.length + 1}` }));
    items = [...items, created];
    record(created, 'created');
    return jsonResponse(created, 201);
  };

  const fetch = mockFetch({
    'POST /api/admin/login': async (request) => {
      if (options.tooManyAttempts) return refusal(429, 'too_many_attempts', 'Too many sign-in attempts. Please wait a minute and try again.');
      const { email, password } = (await request.json()) as { email: string; password: string };
      if (email.toLowerCase() !== ADMIN_EMAIL || password !== ADMIN_PASSWORD) {
        return refusal(401, 'invalid_credentials', 'The e-mail or password is not right.');
      }
      session = staffSession('admin');
      return session;
    },
    'GET /api/admin/me': () => (session ?? refusal(401, 'not_signed_in', 'Please sign in.')),
    'POST /api/admin/logout': (request) => {
      const who = staff(request, false);
      if (who instanceof Response) return who;
      if (request.headers.get('X-CSRF-Token') !== who.csrfToken) return refusal(403, 'csrf', 'Missing token');
      session = null;
      return noContent();
    },
    'GET /api/admin/hardware/': (request) => {
      const who = staff(request, false);
      return who instanceof Response ? who : { items };
    },
    'POST /api/hardware/': (request) => save(request, null),
    'POST /api/upload-image/': async (request) => {
      const who = staff(request, true);
      if (who instanceof Response) return who;
      const form = await request.formData();
      if (!form.get('brand')) return refusal(422, 'invalid_image', 'Please select a brand before uploading images');
      uploads += 1;
      const id = `image-${uploads}`;
      return jsonResponse({ imageId: id, imageUrl: `/api/hardware-images/${id}`, filename: `upload-${uploads}.png` }, 201);
    },
    'GET /api/admin/audit-log': (request) => {
      const who = staff(request, false);
      if (who instanceof Response) return who;
      const params = new URL(request.url).searchParams;
      const perPage = Number(params.get('per_page') ?? 50);
      const item = params.get('item');
      const before = params.get('before');
      // The cursor is opaque to the app; here it is the id of the page's last entry.
      const matching = audit.filter((entry) => !item || entry.itemId === item);
      const start = before ? matching.findIndex((entry) => String(entry.id) === before) + 1 : 0;
      const entries = matching.slice(start, start + perPage);
      const next = start + perPage < matching.length ? String(entries.at(-1)?.id) : null;
      return { entries, perPage, next };
    },
    ...orders.handlers,
    'GET /api/admin/mail': (request) => {
      const who = staff(request, false);
      if (who instanceof Response) return who;
      const params = new URL(request.url).searchParams;
      const status = params.get('status');
      const page = Number(params.get('page') ?? '1');
      const mails = options.mails ?? [];
      const matching = status ? mails.filter((mail) => mail.status === status) : mails;
      const counts = Object.fromEntries(MAIL_STATUSES.map((each) => [each, mails.filter((mail) => mail.status === each).length]));
      const rows = matching.slice((page - 1) * 25, page * 25).map(({ body: _body, ...row }) => row);
      return { mails: rows, counts, page, pageCount: Math.ceil(matching.length / 25), maxAttempts: 6, relayConfigured: options.relayConfigured ?? false };
    },
    'GET /api/admin/mail/:id': (request) => {
      const who = staff(request, false);
      if (who instanceof Response) return who;
      const id = Number(new URL(request.url).pathname.split('/').pop());
      const mail = (options.mails ?? []).find((each) => each.id === id);
      return mail ?? refusal(404, 'mail_not_found', 'There is no such e-mail. Go back to the mailbox and pick one.');
    },
    ...options.extra,
  });

  // Paths with an id: mockFetch keys are exact paths, so match here.
  const base = fetch.fetchMock.getMockImplementation();
  fetch.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const item = /^\/api\/hardware\/([^/]+)\/$/.exec(url.pathname);
    const image = /^\/api\/hardware-images\/([^/]+)\/$/.exec(url.pathname);
    if (item && (request.method === 'PUT' || request.method === 'DELETE')) {
      const body = request.method === 'PUT' ? await request.clone().text() : '';
      fetch.calls.push({ method: request.method, url, body });
      const existing = items.find((entry) => entry.id === decodeURIComponent(item[1]));
      if (!existing) return refusal(404, 'hardware_not_found', 'No such hardware item.');
      if (request.method === 'PUT') {
        const result = await save(request, existing);
        return result instanceof Response ? result : jsonResponse(result);
      }
      const who = staff(request, true);
      if (who instanceof Response) return who;
      if (options.failDelete?.includes(existing.id)) return refusal(500, 'internal', 'Something went wrong.');
      items = items.filter((entry) => entry.id !== existing.id);
      record(existing, 'deleted');
      return noContent();
    }
    if (image && request.method === 'DELETE') {
      fetch.calls.push({ method: 'DELETE', url, body: '' });
      const who = staff(request, true);
      if (who instanceof Response) return who;
      return noContent();
    }
    return base!(input, init);
  });

  return {
    ...fetch,
    items: () => items,
    session: () => session,
    /** Ends the session on the server side (as an expiry would). */
    expireSession: () => {
      session = null;
    },
    /** The JSON bodies of the creates and updates, in order. */
    saved: () =>
      fetch.calls
        .filter((call) => (call.method === 'POST' && call.url.pathname === '/api/hardware/') || call.method === 'PUT')
        .map((call) => JSON.parse(call.body) as HardwareItemBody),
    deletes: () => fetch.calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname),
    /** The orders as the fake holds them now (events and e-mails added by actions). */
    orders: orders.orders,
    /** Adds an order, as if a buyer placed it now. */
    placeOrder: orders.place,
  };
}
