import type { ProgressStep } from '../checkout-slice';

const labels: Record<ProgressStep, string> = {
  paymentConfirmed: 'Payment confirmed',
  accountCreated: 'Account created',
  extensionsSetUp: 'Extensions set up',
  subscriptionFinalised: 'Subscription finalised',
};

/** The payment's progress; pay as you go has no subscription to finalise. */
export function PaymentProgress({ done, isPayAsYouGo }: { done: ProgressStep[]; isPayAsYouGo: boolean }) {
  const steps: ProgressStep[] = ['paymentConfirmed', 'accountCreated', 'extensionsSetUp'];
  if (!isPayAsYouGo) steps.push('subscriptionFinalised');
  return (
    <ul className="payment-progress" aria-label="Payment progress">
      {steps.map((step) => {
        const complete = done.includes(step);
        return (
          <li key={step} className={complete ? 'is-done' : undefined}>
            <span aria-hidden="true">{complete ? '✓' : '○'}</span> {labels[step]}
            <span className="visually-hidden">{complete ? ' (done)' : ' (pending)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
