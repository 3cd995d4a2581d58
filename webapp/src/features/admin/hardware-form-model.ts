import { fixErrorsMessage, messages } from './messages';
import type { AdminHardwareItem, Brand, HardwareImage, HardwareItemBody, ItemStatus } from './types';

/** Rating choices: 1 to 5 in half stars. */
export const RATING_OPTIONS = ['1', '1.5', '2', '2.5', '3', '3.5', '4', '4.5', '5'] as const;

/**
 * The admin form as typed: prices in pounds and weight in kilograms, as the inputs hold them.
 * They become pence and grams only in `toItemBody`, at the edge.
 */
export interface HardwareFormValues {
  name: string;
  brand: Brand | '';
  model: string;
  sku: string;
  price: string;
  originalPrice: string;
  grossWeight: string;
  shortDesc: string;
  description: string;
  features: string[];
  compatibility: string[];
  rating: string;
  inStock: boolean;
  status: ItemStatus;
  images: HardwareImage[];
  /** Kept as loaded (the form does not edit them) so that an update does not drop them. */
  specs: Record<string, string>;
}

/** A new item: draft, in stock, rated 5, one empty feature and compatibility row. */
export function emptyForm(): HardwareFormValues {
  return {
    name: '',
    brand: '',
    model: '',
    sku: '',
    price: '',
    originalPrice: '',
    grossWeight: '',
    shortDesc: '',
    description: '',
    features: [''],
    compatibility: [''],
    rating: '5',
    inStock: true,
    status: 'draft',
    images: [],
    specs: {},
  };
}

function atLeastOneRow(list: readonly string[] | undefined): string[] {
  return list && list.length > 0 ? [...list] : [''];
}

/** Pence as the price input shows them, e.g. 11900 -> "119.00". */
function penceAsPounds(pence: number | null | undefined): string {
  return pence === null || pence === undefined ? '' : (pence / 100).toFixed(2);
}

/** The form of a saved item. */
export function formFromItem(item: AdminHardwareItem): HardwareFormValues {
  return {
    name: item.name,
    brand: item.brand ?? '',
    model: item.model,
    sku: item.sku ?? '',
    price: penceAsPounds(item.pricePence),
    originalPrice: penceAsPounds(item.originalPricePence),
    grossWeight: item.grossWeightGrams === null || item.grossWeightGrams === undefined ? '' : String(item.grossWeightGrams / 1000),
    shortDesc: item.shortDesc ?? '',
    description: item.description ?? '',
    features: atLeastOneRow(item.features),
    compatibility: atLeastOneRow(item.compatibility),
    rating: String(item.rating ?? 5),
    inStock: item.inStock !== false,
    status: item.status ?? 'published',
    images: item.images ?? [],
    specs: item.specs ?? {},
  };
}

/** A typed decimal as a number, or null when blank or not a number. */
function decimal(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Pounds as typed to integer pence, e.g. "119.99" -> 11999 (null when blank). */
export function poundsToPence(text: string): number | null {
  const pounds = decimal(text);
  return pounds === null ? null : Math.round(pounds * 100);
}

/** Kilograms as typed to integer grams, e.g. "1.25" -> 1250 (null when blank). */
export function kilogramsToGrams(text: string): number | null {
  const kilograms = decimal(text);
  return kilograms === null ? null : Math.round(kilograms * 1000);
}

/** The non-blank entries of a list, trimmed. */
export function filledEntries(list: readonly string[]): string[] {
  return list.map((entry) => entry.trim()).filter((entry) => entry !== '');
}

/** The messages for what is wrong (docs/product-rules.md, Hardware catalogue and admin), in form order (empty when the form is fine). */
export function validateForm(form: HardwareFormValues): string[] {
  const errors: string[] = [];
  if (!form.name.trim()) errors.push(messages.nameRequired);
  if (!form.brand) errors.push(messages.brandRequired);
  if (!form.model.trim()) errors.push(messages.modelRequired);
  const price = poundsToPence(form.price);
  if (price === null || price <= 0) errors.push(messages.priceRequired);
  if (filledEntries(form.features).length === 0) errors.push(messages.featureRequired);
  if (filledEntries(form.compatibility).length === 0) errors.push(messages.compatibilityRequired);
  return errors;
}

/** 'Please fix the following errors: ...' or null when the form is fine. */
export function validationMessage(form: HardwareFormValues): string | null {
  const errors = validateForm(form);
  return errors.length > 0 ? fixErrorsMessage(errors) : null;
}

/** The wire body: pence, grams, blank list entries dropped, the images by id. */
export function toItemBody(form: HardwareFormValues): HardwareItemBody {
  const weight = kilogramsToGrams(form.grossWeight);
  return {
    name: form.name.trim(),
    brand: form.brand || null,
    model: form.model.trim(),
    sku: form.sku.trim(),
    pricePence: poundsToPence(form.price) ?? 0,
    originalPricePence: poundsToPence(form.originalPrice),
    grossWeightGrams: weight === null ? null : Math.max(0, weight),
    shortDesc: form.shortDesc.trim(),
    description: form.description.trim(),
    features: filledEntries(form.features),
    compatibility: filledEntries(form.compatibility),
    rating: Number(form.rating) || 5,
    inStock: form.inStock,
    specs: form.specs,
    status: form.status,
    imageIds: form.images.map((image) => image.id),
  };
}
