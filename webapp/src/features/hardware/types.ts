import type { Schema } from '../../lib/api-types';
/** The brands of the shop, in tab order (docs/product-rules.md, Hardware catalogue and admin). */
export type HardwareBrand = Schema<'Brand'>;
export const BRANDS = ['grandstream', 'yealink', 'polycom', 'cisco'] as const satisfies readonly HardwareBrand[];

/** A tab of the page: every brand, or one. */
export type BrandTab = 'all' | HardwareBrand;

export const BRAND_NAMES: Record<HardwareBrand, string> = {
  grandstream: 'Grandstream',
  yealink: 'Yealink',
  polycom: 'Polycom',
  cisco: 'Cisco',
};

export type CatalogueStatus = Schema<'ItemStatus'>;

/** A desk phone as the public shop shows it, prices in pence ex VAT from the server. */
export interface HardwareProduct {
  id: string;
  brand: HardwareBrand;
  model: string;
  name: string;
  pricePence: number;
  /** Undiscounted price; shown struck through when higher than `pricePence`. */
  originalPricePence?: number;
  shortDesc: string;
  description: string;
  features: string[];
  compatibility: string[];
  inStock: boolean;
  /** 0 to 5 in halves. */
  rating: number;
  status: CatalogueStatus;
  /** Image URLs, in order. */
  images: string[];
  specs: Record<string, string>;
  updatedAt?: string;
}

/** An image as the server may send it: a URL, or an object with url, image_url or image. */
export type WireHardwareImage = string | { id?: string; url?: string; image_url?: string; image?: string; filename?: string };

/** An item of `GET /api/hardware/` (api/API.md "Hardware catalogue"); the shop applies the catalogue's defaults. */
export interface WireHardwareItem {
  id: string | number;
  brand?: string | null;
  model?: string | null;
  name?: string | null;
  sku?: string | null;
  pricePence?: number | null;
  originalPricePence?: number | null;
  grossWeightGrams?: number | null;
  shortDesc?: string | null;
  description?: string | null;
  features?: string[] | null;
  compatibility?: string[] | null;
  inStock?: boolean | null;
  rating?: number | null;
  status?: string | null;
  images?: WireHardwareImage[] | null;
  specs?: Record<string, string> | null;
  createdAt?: string | null;
  updatedAt?: string | null;
}

/** GET /api/hardware/ answers the list itself. */
export interface HardwareListResponse {
  items: WireHardwareItem[];
}

/**
 * Puts `quantity` of a product in the visitor's cart. The app layer joins it to the cart
 * feature (features never import each other); it rejects with the API error.
 */
export type AddToCart = (productId: string, quantity: number) => Promise<unknown>;
