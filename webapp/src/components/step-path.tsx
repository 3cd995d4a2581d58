const steps = ['Plan', 'Add-ons', 'Phone Numbers', 'Order Summary', 'Account Setup', 'Payment'] as const;

type OrderStep = (typeof steps)[number];

/** The six-step ordering path with the current step marked. */
export function StepPath({ current }: { current: OrderStep }) {
  const currentIndex = steps.indexOf(current);
  return (
    <nav aria-label="Order progress" className="step-path">
      <ol>
        {steps.map((step, index) => (
          <li
            key={step}
            className={index < currentIndex ? 'is-done' : index === currentIndex ? 'is-current' : undefined}
            aria-current={index === currentIndex ? 'step' : undefined}
          >
            <span className="step-number" aria-hidden="true">
              {index < currentIndex ? '✓' : index + 1}
            </span>
            <span className="step-label">{step}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
