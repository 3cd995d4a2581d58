import { useCallback } from 'react';
import { useAddHardwareMutation } from '../../features/cart';
import type { AddToCart } from '../../features/hardware';
import { HardwarePage } from '../../features/hardware/routes/hardware-page';
import { liveHardware } from '../../features/hardware/api';

/** The desk-phone shop joined to the cart: Add to Cart runs the cart's addHardware command. */
export function Component() {
  const [addHardware] = useAddHardwareMutation();
  const addToCart = useCallback<AddToCart>(
    (productId, quantity) => addHardware({ productId, quantity }).unwrap(),
    [addHardware],
  );
  return <HardwarePage onAddToCart={addToCart} />;
}

/** Served live: the published phones are in the page's HTML (src/lib/live-page.ts). */
export const live = liveHardware;
