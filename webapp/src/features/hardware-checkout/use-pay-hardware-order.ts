import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { useCardPayment } from '../../lib/card-payment/use-card-payment';
import type { StripeCardElement, StripeClient } from '../../lib/stripe/stripe-js';
import { customerInfoFromDraft } from './address-rules';
import { useConfirmHardwarePaymentMutation, useCreateHardwarePaymentMutation, useStartHardwareCardSetupMutation } from './api';
import { orderPaid, orderRepriced, paymentFailed, paymentStarted, selectCustomerDraft, selectPlacedOrder } from './hardware-checkout-slice';
import { storeHardwareOrder } from './hardware-order-storage';
import { hardwarePaymentMessages } from './hardware-payment-messages';
import { hardwarePayment, HardwarePriceChanged } from './pay-hardware-order';

const HARDWARE_THANK_YOU_PATH = '/hardware-thank-you';

interface PayOptions {
  stripe: StripeClient | null;
  card: StripeCardElement | null;
  cardComplete: boolean;
  billingCountry: string;
}

/** Pay: the checks before any call, the card payment of the placed order, the order kept in this tab, then the thank-you page. */
export function usePayHardwareOrder({ stripe, card, cardComplete, billingCountry }: PayOptions) {
  const dispatch = useAppDispatch();
  const placed = useAppSelector(selectPlacedOrder);
  const draft = useAppSelector(selectCustomerDraft);
  const [startCardSetup] = useStartHardwareCardSetupMutation();
  const [createPayment] = useCreateHardwarePaymentMutation();
  const [confirmPayment] = useConfirmHardwarePaymentMutation();

  return useCardPayment({
    stripe,
    card,
    unexpected: hardwarePaymentMessages.processingFailed,
    prepare() {
      if (!placed) return null;
      if (!stripe || !card) return hardwarePaymentMessages.stripeNotReady;
      if (!cardComplete) return hardwarePaymentMessages.cardIncomplete;
      return hardwarePayment(
        { placed, customer: customerInfoFromDraft(draft), billingCountry, stripe, card },
        {
          startCardSetup: (order) => startCardSetup(order).unwrap(),
          createPayment: (body) => createPayment(body).unwrap(),
          confirmPayment: (body) => confirmPayment(body).unwrap(),
        },
      );
    },
    started: () => dispatch(paymentStarted()),
    // The thank-you page's code loads while the buyer pays, so the navigation at the end is immediate.
    prefetch: () => import('./routes/hardware-thank-you-page'),
    stopped(failure, message) {
      // The order's own prices, shown with the server's sentence: the next Pay is for them.
      if (failure instanceof HardwarePriceChanged) dispatch(orderRepriced(failure.quote));
      dispatch(paymentFailed(message));
    },
    paid(order) {
      if (!storeHardwareOrder(order)) {
        // Paid, but the thank-you page could not find the order: say so here, with the reference.
        dispatch(orderPaid({ notice: hardwarePaymentMessages.confirmationNotShown(order.paymentIntentId ?? order.orderId) }));
        return null;
      }
      dispatch(orderPaid({ notice: null }));
      return HARDWARE_THANK_YOU_PATH;
    },
  });
}
