import type { BillingCycle } from '../lib/api-types';

interface BillingToggleProps {
  cycle: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
  discountPercent?: number;
}

/** Monthly / Yearly switch; the 'Monthly' and 'Yearly' labels switch it too. */
export function BillingToggle({ cycle, onChange, discountPercent = 20 }: BillingToggleProps) {
  const yearly = cycle === 'yearly';
  return (
    <div className="billing-toggle" role="group" aria-label="Billing cycle">
      <button
        type="button"
        className={`billing-label${yearly ? '' : ' is-active'}`}
        aria-pressed={!yearly}
        onClick={() => onChange('monthly')}
      >
        Monthly
      </button>
      <button
        type="button"
        role="switch"
        aria-checked={yearly}
        aria-label="Yearly billing"
        className="billing-switch"
        onClick={() => onChange(yearly ? 'monthly' : 'yearly')}
      >
        <span className="billing-switch-knob" aria-hidden="true" />
      </button>
      <button
        type="button"
        className={`billing-label${yearly ? ' is-active' : ''}`}
        aria-pressed={yearly}
        onClick={() => onChange('yearly')}
      >
        Yearly
      </button>
      <span className="save-badge">Save {discountPercent}%</span>
    </div>
  );
}
