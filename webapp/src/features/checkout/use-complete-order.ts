import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fullPageLoad } from '../../lib/full-page-load';
import { writeStorage } from '../../lib/storage';
import {
  useCreatePaymentIntentMutation,
  useCreateSetupIntentMutation,
  useCreateSubscriptionMutation,
  useCreateUserAccountMutation,
  useDebugSubscriptionMutation,
} from './api';
import {
  accountFormRejected,
  orderCompleted,
  orderPlaced,
  paymentFailed,
  paymentProgressed,
  paymentStarted,
  selectAccountForm,
  selectAddressMode,
  selectPlacedOrder,
} from './checkout-slice';
import { LAST_ORDER_KEY, thankYouPath } from './last-order';
import { messages } from './messages';
import { latestOrderSecret, storedOrderSecret } from './order-secret';
import { customerInfoForServer } from '../../lib/account-form/validation';
import { AccountFieldsRejected, CartPriceChanged, payOrder, PaymentFailure } from './pay-order';
import { beforePaymentMessages, paymentMessages } from './payment-messages';
import type { StripeCardElement, StripeClient } from '../../lib/stripe/stripe-js';
import type { CheckoutCart } from './types';

/** The hard redirect to the thank-you page when the app's navigation has not happened by then. */
export const REDIRECT_FALLBACK_MS = 500;

interface CompleteOrderOptions {
  checkoutCart: CheckoutCart;
  stripe: StripeClient | null;
  card: StripeCardElement | null;
  cardComplete: boolean;
}

/** Complete Order: the checks before payment, the payment, then on to the thank-you page. */
export function useCompleteOrder({ checkoutCart, stripe, card, cardComplete }: CompleteOrderOptions) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const form = useAppSelector(selectAccountForm);
  const addressMode = useAppSelector(selectAddressMode);
  const placed = useAppSelector(selectPlacedOrder);
  const [createPaymentIntent] = useCreatePaymentIntentMutation();
  const [createSetupIntent] = useCreateSetupIntentMutation();
  const [createSubscription] = useCreateSubscriptionMutation();
  const [debugSubscription] = useDebugSubscriptionMutation();
  const [createUserAccount] = useCreateUserAccountMutation();
  const fallback = useRef<number | undefined>(undefined);

  // Leaving the page means the navigation happened: no hard redirect then.
  useEffect(() => () => window.clearTimeout(fallback.current), []);

  return useCallback(async () => {
    const { cart, cartId } = checkoutCart;
    const before = (() => {
      if (!stripe) return beforePaymentMessages.stripeNotLoaded;
      if (!card) return beforePaymentMessages.noCardElement;
      if (!cardComplete) return beforePaymentMessages.cardIncomplete;
      if (!cartId || !cart || cart.items.length === 0) return beforePaymentMessages.invalidCart;
      if (!form.email.trim()) return beforePaymentMessages.invalidCustomer;
      if (!(cart.totals?.serviceDueTodayPence > 0)) return beforePaymentMessages.noAmounts;
      return null;
    })();
    if (before || !stripe || !card || !cartId || !cart) {
      dispatch(paymentFailed(before ?? paymentMessages.unexpected));
      return;
    }

    dispatch(paymentStarted());
    // The thank-you page's code loads while the buyer pays, so the navigation at the end is
    // immediate and the 500 ms hard-redirect fallback (which would lose the SIP passwords
    // held in memory) does not fire on a slow connection or a busy machine.
    void import('./routes/thank-you-page').catch(() => undefined);
    try {
      const completed = await payOrder(
        {
          cartId,
          quoteVersion: cart.quoteVersion,
          customerInfo: customerInfoForServer(form, addressMode),
          stripe,
          card,
          isPayAsYouGo: cart.package === 'payAsYouGo',
          orderSecrets: {
            keep: (orderId, orderSecret) => dispatch(orderPlaced({ orderId, orderSecret })),
            // This page's state, else this tab's sessionStorage (the page was reloaded since).
            find: (orderId) => (placed?.orderId === orderId ? placed.orderSecret : storedOrderSecret(orderId)),
            latest: () => placed?.orderSecret ?? latestOrderSecret(),
          },
        },
        {
          createPaymentIntent: (args) => createPaymentIntent(args).unwrap(),
          createSetupIntent: (args) => createSetupIntent(args).unwrap(),
          createSubscription: (args) => createSubscription(args).unwrap(),
          debugSubscription: (args) => debugSubscription(args).unwrap(),
          createUserAccount: (args) => createUserAccount(args).unwrap(),
        },
        (step) => dispatch(paymentProgressed(step)),
      );
      // Completed: the order's secret is forgotten (order-secret.ts), and the cart id below.
      dispatch(orderCompleted(completed));
      writeStorage(LAST_ORDER_KEY, completed.orderId);
      const target = thankYouPath(completed.orderId);
      navigate(target);
      // The server took the service out of the cart with the order.
      checkoutCart.serviceOrdered();
      fallback.current = window.setTimeout(() => fullPageLoad(target), REDIRECT_FALLBACK_MS);
    } catch (failure) {
      if (failure instanceof AccountFieldsRejected) {
        dispatch(accountFormRejected({ errors: failure.fieldErrors, banner: failure.message || messages.formBanner }));
      } else if (failure instanceof PaymentFailure) {
        // Prices changed: the page shows the cart as priced now; the next click names its version.
        if (failure instanceof CartPriceChanged) checkoutCart.cartRepriced(failure.cart);
        dispatch(paymentFailed(failure.message));
      } else {
        console.error('Payment failed unexpectedly', failure);
        dispatch(paymentFailed(paymentMessages.unexpected));
      }
    }
  }, [
    checkoutCart,
    stripe,
    card,
    cardComplete,
    form,
    addressMode,
    placed,
    dispatch,
    navigate,
    createPaymentIntent,
    createSetupIntent,
    createSubscription,
    debugSubscription,
    createUserAccount,
  ]);
}
