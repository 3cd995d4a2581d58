import { useEffect, useState } from 'react';

/** After this delay the page scrolls to the product of a `#{brand}-{id}` link. */
const FOCUS_DELAY_MS = 500;
/** How long the product's glow lasts. */
const HIGHLIGHT_MS = 3000;

/** The DOM id of a product card. */
export function productCardId(productId: string): string {
  return `hardware-product-${productId}`;
}

/**
 * Once `productId` is on the page (`present`), waits about half a second, scrolls its card to
 * the centre of the view and highlights it for 3 seconds. Answers the highlighted product.
 */
export function useProductFocus(productId: string | null, present: boolean, visit: string): string | null {
  const [highlighted, setHighlighted] = useState<string | null>(null);

  useEffect(() => {
    if (!productId || !present) return undefined;
    let glow: number | undefined;
    const scroll = window.setTimeout(() => {
      document.getElementById(productCardId(productId))?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      setHighlighted(productId);
      glow = window.setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    }, FOCUS_DELAY_MS);
    return () => {
      window.clearTimeout(scroll);
      window.clearTimeout(glow);
      setHighlighted(null);
    };
  }, [productId, present, visit]);

  return highlighted;
}
