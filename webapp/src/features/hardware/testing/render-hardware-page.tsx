import { vi } from 'vitest';
import type { AppStore } from '../../../app/store';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { HardwarePage } from '../routes/hardware-page';
import type { AddToCart } from '../types';

/** Renders the shop at `route` (e.g. '/hardware#yealink') with a stand-in Add to Cart. */
export function renderHardwarePage(route = '/hardware', options: { store?: AppStore; onAddToCart?: AddToCart } = {}) {
  const onAddToCart = options.onAddToCart ?? vi.fn<AddToCart>(() => Promise.resolve());
  const result = renderWithProviders(<HardwarePage onAddToCart={onAddToCart} />, { route, store: options.store });
  return { ...result, onAddToCart };
}
