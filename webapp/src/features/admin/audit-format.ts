import { formatPence } from '../../lib/format-money';
import type { FieldChange } from './types';

/** The wire names of the fields as the admin form labels them. */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  brand: 'Brand',
  model: 'Model',
  sku: 'SKU',
  price: 'Price',
  original_price: 'Original price',
  gross_weight_grams: 'Gross weight',
  short_desc: 'Short description',
  description: 'Description',
  features: 'Features',
  compatibility: 'Compatibility',
  rating_halves: 'Rating',
  in_stock: 'In stock',
  specs: 'Specifications',
  status: 'Status',
  images: 'Images',
};

const PENCE_FIELDS = new Set(['price', 'original_price']);

function formatValue(field: string, value: unknown): string {
  if (value === null || value === '') return '(none)';
  if (typeof value === 'number') {
    if (PENCE_FIELDS.has(field)) return formatPence(value);
    if (field === 'rating_halves') return String(value / 2);
    if (field === 'gross_weight_grams') return `${(value / 1000).toFixed(2)} kg`;
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map((entry) => formatValue('', entry)).join(', ');
  if (typeof value !== 'object' || value === undefined) return String(value);
  const pairs = Object.entries(value);
  return pairs.length === 0 ? '(none)' : pairs.map(([key, entry]) => `${key}: ${formatValue('', entry)}`).join(', ');
}

/** One change as "Price: £119.00 → £99.00". */
export function formatChange(change: FieldChange): string {
  const label = FIELD_LABELS[change.field] ?? change.field;
  return `${label}: ${formatValue(change.field, change.from)} → ${formatValue(change.field, change.to)}`;
}
