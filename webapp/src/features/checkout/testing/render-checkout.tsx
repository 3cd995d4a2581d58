import type { RouteObject } from 'react-router-dom';
import { makeStore, type AppStore } from '../../../app/store';
import { useCheckoutCart } from '../../../app/use-checkout-cart';
import { cartApi } from '../../cart/api';
import { catalogueLoaded } from '../../../lib/catalogue';
import type { Cart } from '../../../lib/api-types';
import { catalogueFixture } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import type { CheckoutState } from '../checkout-slice';
import { CheckoutPage } from '../routes/checkout-page';
import { ThankYouPage } from '../routes/thank-you-page';
import type { CheckoutStep } from '../checkout-slice';

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
