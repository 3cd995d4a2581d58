import { useState } from 'react';

/** A whole number of at least 1 from what was typed (1 when it is not one). */
function toQuantity(text: string): number {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) && value >= 1 ? value : 1;
}

/** The quantity to add: starts at 1, decrease disabled at 1, no upper limit shown (the cart's rules apply). */
export function useQuantity() {
  const [draft, setDraft] = useState('1');
  return { draft, setDraft, quantity: toQuantity(draft) };
}

interface QuantityStepperProps {
  draft: string;
  quantity: number;
  onChange: (draft: string) => void;
  label: string;
}

export function QuantityStepper({ draft, quantity, onChange, label }: QuantityStepperProps) {
  return (
    <div className="quantity-stepper" role="group" aria-label={label}>
      <button type="button" aria-label="Decrease quantity" disabled={quantity <= 1} onClick={() => onChange(String(quantity - 1))}>
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        aria-label="Quantity"
        value={draft}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => onChange(String(quantity))}
      />
      <button type="button" aria-label="Increase quantity" onClick={() => onChange(String(quantity + 1))}>
        +
      </button>
    </div>
  );
}
