import type { CheckoutStep } from '../checkout-slice';

const steps = ['Order Summary', 'Account Setup', 'Payment'] as const;

export const stepTitle = (step: CheckoutStep) => steps[step - 1];

/** The checkout's three steps with the current one marked. */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  return (
    <nav aria-label="Checkout progress" className="step-path">
      <ol>
        {steps.map((title, index) => {
          const number = index + 1;
          return (
            <li
              key={title}
              className={number < current ? 'is-done' : number === current ? 'is-current' : undefined}
              aria-current={number === current ? 'step' : undefined}
            >
              <span className="step-number" aria-hidden="true">
                {number < current ? '✓' : number}
              </span>
              <span className="step-label">{title}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
