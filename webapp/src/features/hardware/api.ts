import { api } from '../../lib/api';
import type { LivePage } from '../../lib/live-page';
import {
  BRANDS,
  type CatalogueStatus,
  type HardwareBrand,
  type HardwareListResponse,
  type HardwareProduct,
  type WireHardwareImage,
  type WireHardwareItem,
} from './types';

/** Public hardware data is cached for 60 seconds per brand. */
export const HARDWARE_CACHE_SECONDS = 60;

const STATUSES: readonly CatalogueStatus[] = ['published', 'draft', 'archived'];

function isBrand(value: string): value is HardwareBrand {
  return (BRANDS as readonly string[]).includes(value);
}

function imageUrl(image: WireHardwareImage): string {
  if (typeof image === 'string') return image;
  return image.url || image.image_url || image.image || '';
}

function strings(list: string[] | null | undefined): string[] {
  return (list ?? []).filter((entry) => typeof entry === 'string' && entry.trim() !== '');
}

/**
 * An item as the shop shows it, with the catalogue's defaults: price 0, in stock unless
 * explicitly false, rating 5, status published. Null when it names no known brand.
 */
export function toProduct(item: WireHardwareItem): HardwareProduct | null {
  const brand = (item.brand ?? '').trim().toLowerCase();
  if (!isBrand(brand)) return null;
  const status = (item.status ?? 'published').toLowerCase();
  const rating = typeof item.rating === 'number' && Number.isFinite(item.rating) ? item.rating : 5;
  return {
    id: String(item.id),
    brand,
    model: item.model ?? '',
    name: item.name || item.model || '',
    pricePence: item.pricePence ?? 0,
    originalPricePence: item.originalPricePence ?? undefined,
    shortDesc: item.shortDesc ?? '',
    description: item.description ?? '',
    features: strings(item.features),
    compatibility: strings(item.compatibility),
    inStock: item.inStock !== false,
    rating: Math.min(5, Math.max(0, rating)),
    status: (STATUSES as readonly string[]).includes(status) ? (status as CatalogueStatus) : 'published',
    images: [...new Set((item.images ?? []).map(imageUrl).filter((url) => url !== ''))],
    specs: item.specs ?? {},
    updatedAt: item.updatedAt ?? undefined,
  };
}

/** The published items of one brand (the client filters too). */
export function brandProducts(items: WireHardwareItem[], brand: HardwareBrand): HardwareProduct[] {
  return items
    .map(toProduct)
    .filter((product): product is HardwareProduct => product !== null && product.brand === brand && product.status === 'published');
}

/** An answer of the list's shape, `{ items: [...] }`: anything else is read as a failure. */
function isItemList(body: unknown): body is HardwareListResponse {
  return typeof body === 'object' && body !== null && Array.isArray((body as { items?: unknown }).items);
}

export const hardwareApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One brand's published phones; a failed call or an answer that is not the list is an error (the section offers Try Again). */
    getBrandHardware: build.query<HardwareProduct[], HardwareBrand>({
      query: (brand) => ({
        url: 'hardware/',
        params: { brand },
        credentials: 'include',
        validateStatus: (response, body) => response.ok && isItemList(body),
      }),
      transformResponse: (response: HardwareListResponse, _meta, brand) => brandProducts(response.items, brand),
      keepUnusedDataFor: HARDWARE_CACHE_SECONDS,
    }),
  }),
});

export const { useGetBrandHardwareQuery } = hardwareApi;

/**
 * The desk-phone shop served live (api/src/http/routes/web.rs): every published phone is in its
 * HTML, and the browser starts from the same answer, each brand's list as if fetched.
 */
export const liveHardware: LivePage = {
  api: '/api/hardware/',
  preload: (dispatch, answer) => {
    const items = isItemList(answer) ? answer.items : [];
    dispatch(
      hardwareApi.util.upsertQueryEntries(
        BRANDS.map((brand) => ({ endpointName: 'getBrandHardware' as const, arg: brand, value: brandProducts(items, brand) })),
      ),
    );
    const held = BRANDS.map((brand) => dispatch(hardwareApi.endpoints.getBrandHardware.initiate(brand)));
    return () => held.forEach((subscription) => subscription.unsubscribe());
  },
};
