import { StepProgress } from '../../../components/step-progress';
import type { CheckoutStep } from '../checkout-slice';

const steps = ['Order Summary', 'Account Setup', 'Payment'] as const;

export const stepTitle = (step: CheckoutStep) => steps[step - 1];

/** The checkout's three steps with the current one marked. */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  return <StepProgress steps={steps} current={current} label="Checkout progress" />;
}
