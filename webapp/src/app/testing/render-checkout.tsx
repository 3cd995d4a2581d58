import type { RouteObject } from 'react-router-dom';
import { makeStore, type AppStore } from '../store';
import { useCheckoutCart } from '../use-checkout-cart';
import { cartApi } from '../../features/cart/api';
import { catalogueLoaded } from '../../lib/catalogue';
import type { Cart } from '../../lib/api-types';
import { catalogueFixture } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render-with-providers';
import type { CheckoutState } from '../../features/checkout/checkout-slice';
import { CheckoutPage } from '../../features/checkout/routes/checkout-page';
import { ThankYouPage } from '../../features/checkout/routes/thank-you-page';
import type { CheckoutStep } from '../../features/checkout/checkout-slice';

/**
 * The checkout's test harness. It joins the checkout to the cart as the app does, so it lives in
 * the app layer: a feature's code never imports another feature.
 */

/** A store holding the cart (cached as the server answered it), the catalogue and a checkout state. */
export function checkoutStore(cart: Cart | null, checkout?: CheckoutState): AppStore {
  const store = makeStore({ cart: { cartId: cart?.id ?? null, dropdownOpen: false }, ...(checkout ? { checkout } : {}) });
  if (cart) store.dispatch(cartApi.util.upsertQueryEntries([{ endpointName: 'getCart', arg: cart.id, value: cart }]));
  store.dispatch(catalogueLoaded(catalogueFixture));
  return store;
}

/** The checkout joined to the cart as the app does, with the real thank-you page behind it. */
export function renderCheckout(store: AppStore, options: { route?: string; initialStep?: CheckoutStep; extraRoutes?: RouteObject[] } = {}) {
  function Joined() {
    return <CheckoutPage checkoutCart={useCheckoutCart()} initialStep={options.initialStep} />;
  }
  return renderWithProviders(<Joined />, {
    store,
    route: options.route ?? '/checkout',
    extraRoutes: [
      { path: '/thank-you', element: <ThankYouPage /> },
      { path: '/plans-and-pricing', element: <h1>Plans page</h1> },
      ...(options.extraRoutes ?? []),
    ],
  });
}
