import { useMemo } from 'react';
import { useAppSelector } from '../../lib/store-hooks';
import { HARDWARE_CACHE_SECONDS, hardwareApi, useGetBrandHardwareQuery } from './api';
import type { HardwareBrand, HardwareProduct } from './types';

/** What identifies a list's content: its ids and update stamps, in order. */
export function productsSignature(products: readonly HardwareProduct[]): string {
  return products.map((product) => `${product.id}@${product.updatedAt ?? ''}`).join('|');
}

/**
 * The same array for as long as the ids and update stamps stay the same, so a refresh that
 * brings nothing new does not re-render the grid.
 */
export function useStableProducts(products: HardwareProduct[] | undefined): HardwareProduct[] | undefined {
  const signature = products ? productsSignature(products) : null;
  // Keyed by the signature on purpose: a new array with the same content keeps the old one.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => products, [signature]);
}

/**
 * One brand's phones: cached 60 s, asked again when a section mounts with data older than
 * that, `refetch` for Try Again and Refresh.
 */
export function useBrandProducts(brand: HardwareBrand) {
  const query = useGetBrandHardwareQuery(brand, { refetchOnMountOrArgChange: HARDWARE_CACHE_SECONDS });
  const products = useStableProducts(query.data);
  return {
    products,
    isLoading: query.isLoading,
    isError: query.isError && !query.isFetching,
    refetch: query.refetch,
  };
}

/**
 * The phones `brands` show, as far as they are loaded (read from the cache, not fetched:
 * each brand's section fetches its own): the page's structured data lists them.
 */
export function useShownProducts(brands: readonly HardwareBrand[]): HardwareProduct[] {
  const lists = useAppSelector(
    (state: Parameters<ReturnType<typeof hardwareApi.endpoints.getBrandHardware.select>>[0]) =>
      brands.map((brand) => hardwareApi.endpoints.getBrandHardware.select(brand)(state).data),
    (a, b) => a.length === b.length && a.every((list, index) => list === b[index]),
  );
  return useMemo(() => lists.flatMap((list) => list ?? []), [lists]);
}
