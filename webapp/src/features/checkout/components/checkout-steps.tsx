import { StepProgress } from '../../../components/step-progress';
import type { CheckoutStep } from '../checkout-slice';

const steps = ['Order Summary', 'Account Setup', 'Payment'] as const;

/** The checkout's three steps with the current one marked. */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  return <StepProgress steps={steps} current={current} label="Checkout progress" />;
}
