import { memo, useId } from 'react';
import { messages } from '../messages';
import { BRAND_NAMES, type AddToCart, type HardwareBrand, type HardwareProduct } from '../types';
import { useBrandProducts } from '../use-brand-products';
import { useProductFocus } from '../use-product-focus';
import { ProductCard } from './product-card';

interface BrandSectionProps {
  brand: HardwareBrand;
  /** The product of a `#{brand}-{id}` link, to scroll to and highlight. */
  focusId: string | null;
  /** Changes on every navigation (the location key). */
  visit: string;
  onAddToCart: AddToCart;
}

interface GridProps {
  brand: HardwareBrand;
  products: HardwareProduct[];
  highlightedId: string | null;
  onAddToCart: AddToCart;
}

/** Re-renders only for a new list (new ids or update stamps), a highlight or a new handler. */
const ProductGrid = memo(function ProductGrid({ brand, products, highlightedId, onAddToCart }: GridProps) {
  return (
    <ul className="product-grid" aria-label={`${BRAND_NAMES[brand]} phones`}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} highlighted={product.id === highlightedId} onAddToCart={onAddToCart} />
        </li>
      ))}
    </ul>
  );
});

/** One brand's phones with their loading, error (Try Again), empty and list states. */
export function BrandSection({ brand, focusId, visit, onAddToCart }: BrandSectionProps) {
  const headingId = useId();
  const { products, isLoading, isError, refetch } = useBrandProducts(brand);
  const present = focusId !== null && (products?.some((product) => product.id === focusId) ?? false);
  const highlightedId = useProductFocus(focusId, present, visit);

  let body;
  if (isLoading) {
    body = (
      <p className="loading brand-loading" role="status">
        {messages.loading(brand)}
      </p>
    );
  } else if (isError) {
    body = (
      <div className="hardware-notice" role="alert">
        <h3>{messages.errorHeading}</h3>
        <p>{messages.loadFailed(brand)}</p>
        <button type="button" className="button button-primary" onClick={() => void refetch()}>
          {messages.tryAgain}
        </button>
      </div>
    );
  } else if (!products || products.length === 0) {
    body = (
      <div className="hardware-notice">
        <h3>{messages.empty(brand)}</h3>
        <p>{messages.emptyDetail}</p>
        {brand === 'grandstream' && (
          <button type="button" className="button button-secondary" onClick={() => void refetch()}>
            {messages.refresh}
          </button>
        )}
      </div>
    );
  } else {
    body = (
      <>
        <p className="product-count">{messages.showing(products.length)}</p>
        <ProductGrid brand={brand} products={products} highlightedId={highlightedId} onAddToCart={onAddToCart} />
      </>
    );
  }

  return (
    <section className="brand-section" aria-labelledby={headingId} aria-busy={isLoading}>
      <h2 id={headingId}>{BRAND_NAMES[brand]} Phones</h2>
      {body}
    </section>
  );
}
