import { cartApi } from '../../features/cart/api';
import type { Cart, Catalogue } from '../../lib/api-types';
import { catalogueLoaded } from '../../lib/catalogue';
import { makeStore, type AppStore } from '../store';

/** A store whose cart id and cached cart are already set, as after a server answer. */
export function storeWithCart(cart: Cart | null, catalogue?: Catalogue): AppStore {
  const store = makeStore({ cart: { cartId: cart?.id ?? null, dropdownOpen: false } });
  if (cart) store.dispatch(cartApi.util.upsertQueryEntries([{ endpointName: 'getCart', arg: cart.id, value: cart }]));
  if (catalogue) store.dispatch(catalogueLoaded(catalogue));
  return store;
}
