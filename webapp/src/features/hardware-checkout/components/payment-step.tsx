import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { CardField } from '../../../components/card-field';
import { formatPence } from '../../../lib/format-money';
import type { StripeCardElement, StripeClient } from '../../../lib/stripe/stripe-js';
import { selectHardwarePayment, selectPlacedOrder, stepBack } from '../hardware-checkout-slice';
import { hardwarePaymentMessages } from '../hardware-payment-messages';
import type { Country } from '../types';
import { usePayHardwareOrder } from '../use-pay-hardware-order';
import { SelectField } from './select-field';

/** The billing countries when the server's list has not come (the contract's ten, GB first). */
export const FALLBACK_BILLING_COUNTRIES: Country[] = [
  { code: 'GB', name: 'United Kingdom' },
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'AU', name: 'Australia' },
  { code: 'NZ', name: 'New Zealand' },
  { code: 'IE', name: 'Ireland' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'ES', name: 'Spain' },
  { code: 'IT', name: 'Italy' },
];

interface PaymentStepProps {
  stripe: StripeClient | null;
  stripeFailed: boolean;
  billingCountries: Country[];
}

/**
 * Step 5: the card and Pay £{total}, the placed order's total as the server priced it. A
 * refused card shows under the card field and the button is ready for another card at once.
 */
export function PaymentStep({ stripe, stripeFailed, billingCountries }: PaymentStepProps) {
  const dispatch = useAppDispatch();
  const placed = useAppSelector(selectPlacedOrder);
  const payment = useAppSelector(selectHardwarePayment);
  const [card, setCard] = useState<StripeCardElement | null>(null);
  const [cardComplete, setCardComplete] = useState(false);
  // United Kingdom unless the server's list has no such entry.
  const [billingCountry, setBillingCountry] = useState(() =>
    billingCountries.some((country) => country.code === 'GB') ? 'GB' : (billingCountries[0]?.code ?? 'GB'),
  );
  const pay = usePayHardwareOrder({ stripe, card, cardComplete, billingCountry });
  const processing = payment.status === 'processing';
  const paid = payment.status === 'succeeded';
  const cardError = payment.status === 'failed' ? payment.error : stripeFailed ? hardwarePaymentMessages.stripeNotReady : null;

  if (!placed) return null;
  const total = formatPence(placed.amounts.totalPence);

  return (
    <section className="panel hw-panel" aria-labelledby="hw-step-heading">
      <h2 id="hw-step-heading">Payment</h2>
      <p className="hw-amount">
        Order {placed.orderNumber}: <strong>{total}</strong> inc. VAT and delivery
      </p>
      <CardField stripe={stripe} onElement={setCard} onCompleteChange={setCardComplete} error={cardError} />
      {!stripe && !stripeFailed && <p className="muted">Loading the secure card form…</p>}
      <SelectField label="Billing Country" value={billingCountry} options={billingCountries} onChange={setBillingCountry} autoComplete="billing country" />
      {processing && (
        <p role="status" className="muted">
          Processing your payment…
        </p>
      )}
      {paid && payment.error && (
        <p role="alert" className="form-banner">
          {payment.error}
        </p>
      )}
      <p className="muted small">Card details go straight to our payment provider, Stripe; we never see or store them.</p>
      <div className="page-actions">
        <button type="button" className="button button-secondary" disabled={processing || paid} onClick={() => dispatch(stepBack())}>
          Back
        </button>
        <button type="button" className="button button-primary" disabled={processing || paid} aria-busy={processing} onClick={() => void pay()}>
          {processing ? 'Processing...' : `Pay ${total}`}
        </button>
      </div>
    </section>
  );
}
