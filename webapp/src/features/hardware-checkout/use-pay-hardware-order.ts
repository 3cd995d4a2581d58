import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fullPageLoad } from '../../lib/full-page-load';
import type { StripeCardElement, StripeClient } from '../../lib/stripe/stripe-js';
import { customerInfoFromDraft } from './address-rules';
import { useConfirmHardwarePaymentMutation, useCreateHardwarePaymentMutation, useStartHardwareCardSetupMutation } from './api';
import { orderPaid, orderRepriced, paymentFailed, paymentStarted, selectCustomerDraft, selectPlacedOrder } from './hardware-checkout-slice';
import { storeHardwareOrder } from './hardware-order-storage';
import { hardwarePaymentMessages } from './hardware-payment-messages';
import { HardwarePaymentFailure, HardwarePriceChanged, payHardwareOrder } from './pay-hardware-order';
import type { StoredHardwareOrder } from './types';

export const HARDWARE_THANK_YOU_PATH = '/hardware-thank-you';

/** The hard page load of the thank-you page when the app's navigation has not happened by then. */
export const REDIRECT_FALLBACK_MS = 500;

interface PayOptions {
  stripe: StripeClient | null;
  card: StripeCardElement | null;
  cardComplete: boolean;
  billingCountry: string;
}

/** Pay: the checks before any call, the payment, the order kept in this tab, then the thank-you page. */
export function usePayHardwareOrder({ stripe, card, cardComplete, billingCountry }: PayOptions) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const placed = useAppSelector(selectPlacedOrder);
  const draft = useAppSelector(selectCustomerDraft);
  const [startCardSetup] = useStartHardwareCardSetupMutation();
  const [createPayment] = useCreateHardwarePaymentMutation();
  const [confirmPayment] = useConfirmHardwarePaymentMutation();
  const fallback = useRef<number | undefined>(undefined);

  // Leaving the page means the navigation happened: no hard page load then.
  useEffect(() => () => window.clearTimeout(fallback.current), []);

  return useCallback(async () => {
    if (!placed) return;
    if (!stripe || !card) {
      dispatch(paymentFailed(hardwarePaymentMessages.stripeNotReady));
      return;
    }
    if (!cardComplete) {
      dispatch(paymentFailed(hardwarePaymentMessages.cardIncomplete));
      return;
    }

    dispatch(paymentStarted());
    // The thank-you page's code loads while the buyer pays, so the navigation at the end is immediate.
    void import('./routes/hardware-thank-you-page').catch(() => undefined);
    let paid: StoredHardwareOrder;
    try {
      paid = await payHardwareOrder(
        { placed, customer: customerInfoFromDraft(draft), billingCountry, stripe, card },
        {
          startCardSetup: (order) => startCardSetup(order).unwrap(),
          createPayment: (body) => createPayment(body).unwrap(),
          confirmPayment: (body) => confirmPayment(body).unwrap(),
        },
      );
    } catch (failure) {
      if (!(failure instanceof HardwarePaymentFailure)) console.error('Hardware payment failed unexpectedly', failure);
      // The order's own prices, shown with the server's sentence: the next Pay is for them.
      if (failure instanceof HardwarePriceChanged) dispatch(orderRepriced(failure.quote));
      dispatch(paymentFailed(failure instanceof HardwarePaymentFailure ? failure.message : hardwarePaymentMessages.processingFailed));
      return;
    }

    if (!storeHardwareOrder(paid)) {
      // Paid, but the thank-you page could not find the order: say so here, with the reference.
      dispatch(orderPaid({ notice: hardwarePaymentMessages.confirmationNotShown(paid.paymentIntentId ?? paid.orderId) }));
      return;
    }
    dispatch(orderPaid({ notice: null }));
    navigate(HARDWARE_THANK_YOU_PATH);
    fallback.current = window.setTimeout(() => fullPageLoad(HARDWARE_THANK_YOU_PATH), REDIRECT_FALLBACK_MS);
  }, [placed, stripe, card, cardComplete, billingCountry, draft, dispatch, navigate, startCardSetup, createPayment, confirmPayment]);
}
