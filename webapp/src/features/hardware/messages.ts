import { BRAND_NAMES, type HardwareBrand } from './types';

/** The page's messages (docs/product-rules.md, Hardware catalogue and admin). */
export const messages = {
  errorHeading: 'Unable to load products',
  loadFailed: (brand: HardwareBrand) => `Failed to load ${BRAND_NAMES[brand]} phones. Please try again later.`,
  tryAgain: 'Try Again',
  empty: (brand: HardwareBrand) => `No ${brand} phones available`,
  emptyDetail: 'Our inventory is being updated. Please check back soon.',
  refresh: 'Refresh',
  loading: (brand: HardwareBrand) => `Loading ${BRAND_NAMES[brand]} phones…`,
  showing: (count: number) => `Showing ${count} ${count === 1 ? 'product' : 'products'}`,
  inStock: 'In Stock',
  outOfStock: 'Out of Stock',
  learnMore: 'Learn More',
  showLess: 'Show Less',
  addToCart: 'Add to Cart',
  adding: 'Adding…',
  added: (quantity: number, name: string) => `Added ${quantity} × ${name} to your cart.`,
  renderFailed: 'Something went wrong.',
} as const;
