import type { AdminHardwareItem, Brand, ItemStatus } from './types';

export interface ListFilters {
  brand: Brand | '';
  status: ItemStatus | '';
  search: string;
}

export const noFilters: ListFilters = { brand: '', status: '', search: '' };

/** A missing status displays as published (docs/product-rules.md, Hardware catalogue and admin). */
export function statusOf(item: AdminHardwareItem): ItemStatus {
  return item.status ?? 'published';
}

/** The items matching the brand, the status and the search (name, model or short description, any case). */
export function filterItems(items: readonly AdminHardwareItem[], filters: ListFilters): AdminHardwareItem[] {
  const needle = filters.search.trim().toLowerCase();
  return items.filter(
    (item) =>
      (!filters.brand || item.brand === filters.brand) &&
      (!filters.status || statusOf(item) === filters.status) &&
      (!needle || [item.name, item.model, item.shortDesc].some((text) => (text ?? '').toLowerCase().includes(needle))),
  );
}
