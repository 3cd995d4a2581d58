import { Link } from 'react-router-dom';
import { cycleWord, formatPence } from '../../../lib/format-money';
import type { CartPhoneNumber } from '../../../lib/api-types';
import { messages } from '../messages';
import type { NumberSelection } from '../types';
import type { NumberToggle } from '../use-number-toggle';

function numberLabel(number: CartPhoneNumber): string {
  const name = number.displayValue || number.value;
  if (number.isTransfer) return `${name} (transfer)`;
  return name;
}

/**
 * The numbers in the cart with the server's price ('Free' for the plan's included ones),
 * and Continue: to /add-ons in checkout mode, else to /checkout.
 */
export function SelectionPanel({ selection, toggle, checkoutMode }: { selection: NumberSelection; toggle: NumberToggle; checkoutMode: boolean }) {
  const { numbers, billingCycle } = selection;
  return (
    <aside className="panel selection-panel" aria-labelledby="selection-heading">
      <h2 id="selection-heading">Your selected numbers</h2>
      {numbers.length === 0 ? (
        <p className="selection-empty">{messages.noSelection}</p>
      ) : (
        <ul className="selection-list" aria-label="Selected numbers">
          {numbers.map((number) => (
            <li key={number.value} className="selection-line">
              <span className="selection-name">{numberLabel(number)}</span>
              <span className="selection-price">
                {number.free ? 'Free' : `${formatPence(number.pricePence)} per ${cycleWord(billingCycle)}`}
              </span>
              <button
                type="button"
                className="cart-line-remove"
                aria-label={`Remove ${number.displayValue || number.value}`}
                disabled={toggle.isPending(number.value)}
                onClick={() => void toggle.removeValue(number.value)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <Link to={checkoutMode ? '/add-ons' : '/checkout'} className="button button-primary button-block">
        Continue
      </Link>
    </aside>
  );
}
