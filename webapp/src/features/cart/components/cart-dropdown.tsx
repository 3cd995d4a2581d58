import { lazy, Suspense, useEffect, useId, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { cartDropdownClosed, cartDropdownToggled, selectCartDropdownOpen, selectCartId } from '../cart-slice';
import { CartIcon } from './cart-icon';

/** The dropdown with the server's cart, loaded once the visitor has one (with RTK Query). */
const LiveCartDropdown = lazy(() => import('./live-cart-dropdown'));

const noSubscription = () => () => {};

/**
 * False while the server renders and while the browser hydrates, true after: the prerendered
 * page never knows the visitor's cart, so the hydration renders what the server did.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The header's cart. A visitor without a cart gets the empty cart from this module alone; a
 * visitor with one gets the live dropdown, whose module (and RTK Query) loads only then: the
 * home page of a new visitor loads neither (app/store.ts).
 */
export function CartDropdown() {
  const cartId = useAppSelector(selectCartId);
  const hydrated = useHydrated();
  const empty = <CartDropdownFrame count={0} panel={(close) => <EmptyCartPanel onNavigate={close} />} />;
  if (cartId === null || !hydrated) return empty;
  return (
    <Suspense fallback={empty}>
      <LiveCartDropdown />
    </Suspense>
  );
}

interface CartDropdownFrameProps {
  count: number;
  /** The panel's content; `close` closes the dropdown (after following one of its links). */
  panel: (close: () => void) => ReactNode;
}

/** The cart button with its count, and the panel it opens (closed by Escape or a click outside). */
export function CartDropdownFrame({ count, panel }: CartDropdownFrameProps) {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectCartDropdownOpen);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: MouseEvent | TouchEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) dispatch(cartDropdownClosed());
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch(cartDropdownClosed());
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, dispatch]);

  return (
    <div className="cart-dropdown" ref={rootRef}>
      <button
        type="button"
        className="cart-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
        onClick={() => dispatch(cartDropdownToggled())}
      >
        <CartIcon />
        <span className="cart-badge" aria-hidden="true">
          {count}
        </span>
      </button>
      {open && (
        <div id={panelId} className="cart-panel" role="region" aria-label="Shopping cart">
          {panel(() => dispatch(cartDropdownClosed()))}
        </div>
      )}
    </div>
  );
}

export function EmptyCartPanel({ onNavigate }: { onNavigate: () => void }) {
  return (
    <div className="cart-empty">
      <p className="cart-panel-title">Your cart is empty</p>
      <p>Choose a plan to get started.</p>
      <Link to="/plans-and-pricing" className="button button-secondary" onClick={onNavigate}>
        View plans
      </Link>
    </div>
  );
}
