import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { formatPence } from '../../../lib/format-money';
import { backClicked, selectPayment } from '../checkout-slice';
import { beforePaymentMessages } from '../payment-messages';
import type { StripeCardElement, StripeClient } from '../../../lib/stripe/stripe-js';
import type { CheckoutCart } from '../types';
import { useCompleteOrder } from '../use-complete-order';
import { CardField } from '../../../components/card-field';
import { PaymentProgress } from './payment-progress';

interface PaymentStepProps {
  checkoutCart: CheckoutCart;
  stripe: StripeClient | null;
  stripeFailed: boolean;
}

/**
 * Step 3: the card and Complete Order. The button waits for a complete card and the server's
 * amounts, and is disabled while paying; a failure shows under the card and another card may
 * be tried at once.
 */
export function PaymentStep({ checkoutCart, stripe, stripeFailed }: PaymentStepProps) {
  const dispatch = useAppDispatch();
  const payment = useAppSelector(selectPayment);
  const [card, setCard] = useState<StripeCardElement | null>(null);
  const [cardComplete, setCardComplete] = useState(false);
  const completeOrder = useCompleteOrder({ checkoutCart, stripe, card, cardComplete });
  const { cart } = checkoutCart;
  const total = cart?.totals?.serviceDueTodayPence;
  const amountsReady = typeof total === 'number' && total > 0;
  const processing = payment.status === 'processing';
  const isPayAsYouGo = cart?.package === 'payAsYouGo';
  const cardError = payment.message ?? (stripeFailed ? beforePaymentMessages.stripeNotLoaded : null);

  return (
    <section className="panel checkout-panel" aria-labelledby="checkout-step-heading">
      <h2 id="checkout-step-heading">Payment</h2>
      {amountsReady && (
        <p className="payment-amount">
          Amount due today: <strong>{formatPence(total)}</strong> inc. VAT
        </p>
      )}
      <CardField stripe={stripe} onElement={setCard} onCompleteChange={setCardComplete} error={cardError} />
      {!stripe && !stripeFailed && <p className="muted">Loading the secure card form…</p>}
      {(processing || payment.status === 'succeeded') && (
        <div className="payment-status">
          <p role="status">{processing ? 'Processing your payment…' : 'Payment successful! Taking you to your order confirmation…'}</p>
          <PaymentProgress done={payment.progress} isPayAsYouGo={isPayAsYouGo} />
        </div>
      )}
      <p className="muted small">Card details go straight to our payment provider, Stripe; we never see or store them.</p>
      <div className="page-actions">
        <button type="button" className="button button-secondary" disabled={processing} onClick={() => dispatch(backClicked())}>
          Back
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={processing || !cardComplete || !amountsReady || payment.status === 'succeeded'}
          aria-busy={processing}
          onClick={() => void completeOrder()}
        >
          Complete Order
        </button>
      </div>
    </section>
  );
}
