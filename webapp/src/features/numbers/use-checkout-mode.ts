import { useLocation } from 'react-router-dom';

/** Navigation state of a link into the number pages from the ordering path. */
interface NumbersNavigationState {
  from?: string;
}

/**
 * Checkout mode: the query string has checkout=true, or the visitor came from
 * the add-ons page (navigation state `{ from: '/add-ons' }`, or a path under /add-ons).
 * Continue then goes back to /add-ons instead of /checkout.
 */
function isCheckoutMode(location: { pathname: string; search: string; state?: unknown }): boolean {
  if (new URLSearchParams(location.search).get('checkout') === 'true') return true;
  if (location.pathname.includes('/add-ons')) return true;
  const state = location.state as NumbersNavigationState | null | undefined;
  return typeof state?.from === 'string' && state.from.includes('/add-ons');
}

export function useCheckoutMode(): boolean {
  return isCheckoutMode(useLocation());
}
