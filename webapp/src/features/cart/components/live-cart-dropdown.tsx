import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Cart } from '../../../lib/api-types';
import { errorMessage } from '../../../lib/api-error';
import { cycleWord, formatPence } from '../../../lib/format-money';
import { fullPageLoad } from '../../../lib/full-page-load';
import { useRemoveAddOnMutation, useRemoveItemMutation, useRemoveNumberMutation } from '../api';
import { isEmptyCart } from '../cart-contents';
import { useCart } from '../use-cart';
import { CartDropdownFrame, EmptyCartPanel } from './cart-dropdown';
import { PriceChangeNotices } from './price-change-notices';

/** A full page load: the hardware checkout is its own flow. */
function goToHardwareCheckout(): void {
  fullPageLoad('/hardware-checkout');
}

/**
 * The cart dropdown of a visitor with a cart: its count and lines from the server. Its own
 * module, loaded once there is a cart (cart-dropdown.tsx), with RTK Query.
 */
export default function LiveCartDropdown() {
  const { cart } = useCart();
  return (
    <CartDropdownFrame count={cart?.badgeCount ?? 0} panel={(close) => <CartPanel cart={cart} onNavigate={close} />} />
  );
}

function CartPanel({ cart, onNavigate }: { cart: Cart | undefined; onNavigate: () => void }) {
  const [removeItem] = useRemoveItemMutation();
  const [removeAddOn] = useRemoveAddOnMutation();
  const [removeNumber] = useRemoveNumberMutation();
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  if (!cart || isEmptyCart(cart)) return <EmptyCartPanel onNavigate={onNavigate} />;

  const cycle = cart.totals.billingCycle ?? cart.billingCycle ?? 'monthly';
  const hardwareOnly = cart.hasHardware && !cart.hasServices;
  const mixed = cart.hasHardware && cart.hasServices;

  return (
    <>
      <p className="cart-panel-title">Your cart</p>
      <PriceChangeNotices changes={cart.priceChanges} />
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <ul className="cart-lines" aria-label="Cart contents">
        {cart.items.map((item) => (
          <li key={item.id} className="cart-line">
            <span className="cart-line-name">
              {item.name}
              {item.type === 'hardware' && item.quantity > 1 ? ` × ${item.quantity}` : ''}
            </span>
            <span className="cart-line-price">{formatPence(item.linePence)}</span>
            <button
              type="button"
              className="cart-line-remove"
              aria-label={`Remove ${item.name}`}
              onClick={() => run(() => removeItem({ itemId: item.id }).unwrap())}
            >
              ×
            </button>
          </li>
        ))}
        {cart.addOns.map((addOn) => (
          <li key={addOn.id} className="cart-line">
            <span className="cart-line-name">{addOn.name}</span>
            <span className="cart-line-price">
              {addOn.originalPence > addOn.pricePence && <s>{formatPence(addOn.originalPence)}</s>}{' '}
              {formatPence(addOn.pricePence)}
            </span>
            <button
              type="button"
              className="cart-line-remove"
              aria-label={`Remove ${addOn.name}`}
              onClick={() => run(() => removeAddOn({ addOnId: addOn.id }).unwrap())}
            >
              ×
            </button>
          </li>
        ))}
        {cart.phoneNumbers.map((number) => (
          <li key={number.value} className="cart-line">
            <span className="cart-line-name">
              {number.displayValue || number.value}
              {number.isTransfer ? ' (transfer)' : ''}
            </span>
            <span className="cart-line-price">{number.free ? 'Free' : formatPence(number.pricePence)}</span>
            <button
              type="button"
              className="cart-line-remove"
              aria-label={`Remove ${number.displayValue || number.value}`}
              onClick={() => run(() => removeNumber({ value: number.value }).unwrap())}
            >
              ×
            </button>
          </li>
        ))}
        {cart.topUpPence > 0 && (
          <li className="cart-line">
            <span className="cart-line-name">Call credit top-up (one-time)</span>
            <span className="cart-line-price">{formatPence(cart.topUpPence)}</span>
          </li>
        )}
      </ul>
      <dl className="cart-totals">
        {cart.hasServices && (
          <>
            <dt>Subtotal (per {cycleWord(cycle)})</dt>
            <dd>{formatPence(cart.totals.subscriptionSubtotalPence)}</dd>
          </>
        )}
        {cart.totals.topUpSubtotalPence > 0 && (
          <>
            <dt>Top-up (one-time)</dt>
            <dd>{formatPence(cart.totals.topUpSubtotalPence)}</dd>
          </>
        )}
        {cart.hasHardware && (
          <>
            <dt>Hardware</dt>
            <dd>{formatPence(cart.totals.hardwarePence)}</dd>
          </>
        )}
        {/* The whole cart, desk phones included, although each part is paid in its own checkout. */}
        <dt>VAT</dt>
        <dd>{formatPence(cart.totals.cartVatPence)}</dd>
        <dt className="cart-grand-total">Total inc. VAT</dt>
        <dd className="cart-grand-total">{formatPence(cart.totals.cartTotalIncVatPence)}</dd>
      </dl>
      <div className="cart-actions">
        {hardwareOnly && (
          <button type="button" className="button button-primary" onClick={goToHardwareCheckout}>
            Checkout
          </button>
        )}
        {mixed && (
          <>
            <Link to="/checkout" className="button button-primary" onClick={onNavigate}>
              Checkout All Items
            </Link>
            <button type="button" className="button button-secondary" onClick={goToHardwareCheckout}>
              Checkout Hardware Only
            </button>
          </>
        )}
        {!cart.hasHardware && (
          <Link to="/checkout" className="button button-primary" onClick={onNavigate}>
            Checkout
          </Link>
        )}
      </div>
    </>
  );
}
