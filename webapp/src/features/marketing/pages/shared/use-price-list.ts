import type { Catalogue, PriceList } from '../../../../lib/api-types';
import { useCatalogue } from '../../../../lib/catalogue';

/** The catalogue and its marketing price list (docs/product-rules.md#marketing-prices), as the server sends them. */
export function usePriceList(): { catalogue: Catalogue | undefined; priceList: PriceList | undefined; isError: boolean } {
  const { data, isError } = useCatalogue();
  return { catalogue: data, priceList: data?.priceList, isError };
}
