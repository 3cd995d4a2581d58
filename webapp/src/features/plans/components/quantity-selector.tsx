import { useId, useState } from 'react';
import type { QuantityPlan, QuantityRules } from '../quantity-rules';

interface QuantitySelectorProps {
  plan: QuantityPlan;
  rules: QuantityRules;
  value: number;
  onChange: (value: number) => void;
  label?: string;
}

/** Users stepper: minus, a number field (clamped when it is left or Enter is pressed), plus. */
export function QuantitySelector({ plan, rules, value, onChange, label = 'Users' }: QuantitySelectorProps) {
  const inputId = useId();
  const [draft, setDraft] = useState(String(value));

  // A new value from outside replaces what is typed: adjusted while rendering, not in an effect.
  const [draftFor, setDraftFor] = useState(value);
  if (!Object.is(draftFor, value)) {
    setDraftFor(value);
    setDraft(String(value));
  }

  const commit = () => {
    const next = rules.clampTyped(plan, draft, value);
    if (next === null) {
      setDraft(String(value));
      return;
    }
    setDraft(String(next));
    if (next !== value) onChange(next);
  };

  return (
    <div className="quantity-selector">
      <label htmlFor={inputId}>{label}</label>
      <div className="quantity-controls">
        <button
          type="button"
          className="quantity-button"
          aria-label="Decrease users"
          disabled={!rules.canDecrement(plan, value)}
          onClick={() => onChange(rules.decrement(plan, value))}
        >
          −
        </button>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={plan.minUsers}
          step={plan.increment}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
        />
        <button
          type="button"
          className="quantity-button"
          aria-label="Increase users"
          disabled={!rules.canIncrement(plan, value)}
          onClick={() => onChange(rules.increment(plan, value))}
        >
          +
        </button>
      </div>
    </div>
  );
}
