import { useId } from 'react';
import { formatPence } from '../../../lib/format-money';
import type { ShippingOption } from '../types';

interface ShippingStepProps {
  options: ShippingOption[];
  chosen: string | null;
  onChoose: (id: string) => void;
  onBack: () => void;
  onContinue: () => void;
}

/** Step 2: the server's four delivery options as radios; Continue waits for a choice. */
export function ShippingStep({ options, chosen, onChoose, onBack, onContinue }: ShippingStepProps) {
  const id = useId();
  return (
    <section className="panel hw-panel" aria-labelledby="hw-step-heading">
      <h2 id="hw-step-heading">Shipping Options</h2>
      <fieldset className="hw-shipping-options">
        <legend>Choose how your phones are delivered</legend>
        {options.map((option) => {
          const nameId = `${id}-${option.id}-name`;
          const detailId = `${id}-${option.id}-detail`;
          const priceId = `${id}-${option.id}-price`;
          return (
            <label key={option.id} className={`hw-shipping-option${chosen === option.id ? ' is-chosen' : ''}`}>
              <input
                type="radio"
                name={`${id}-shipping`}
                value={option.id}
                checked={chosen === option.id}
                onChange={() => onChoose(option.id)}
                aria-labelledby={nameId}
                aria-describedby={`${detailId} ${priceId}`}
              />
              <span className="hw-shipping-text">
                <span id={nameId} className="hw-shipping-name">
                  {option.name}
                </span>
                <span id={detailId} className="muted">
                  {option.description}
                </span>
              </span>
              <span id={priceId} className="hw-shipping-price">{formatPence(option.pricePence)}</span>
            </label>
          );
        })}
      </fieldset>
      <div className="page-actions">
        <button type="button" className="button button-secondary" onClick={onBack}>
          Back
        </button>
        <button type="button" className="button button-primary" disabled={!chosen} onClick={onContinue}>
          Continue to Shipping Address
        </button>
      </div>
    </section>
  );
}
