import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { useCardPayment } from '../../lib/card-payment/use-card-payment';
import { writeStorage } from '../../lib/storage';
import { customerInfoForServer } from '../../lib/account-form/validation';
import type { StripeCardElement, StripeClient } from '../../lib/stripe/stripe-js';
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
import { AccountFieldsRejected, CartPriceChanged, servicePayment } from './pay-order';
import { beforePaymentMessages, paymentMessages } from './payment-messages';
import type { CheckoutCart } from './types';

interface CompleteOrderOptions {
  checkoutCart: CheckoutCart;
  stripe: StripeClient | null;
  card: StripeCardElement | null;
  cardComplete: boolean;
}

/** Complete Order: the checks before payment, the card payment of a service order, then on to the thank-you page. */
export function useCompleteOrder({ checkoutCart, stripe, card, cardComplete }: CompleteOrderOptions) {
  const dispatch = useAppDispatch();
  const form = useAppSelector(selectAccountForm);
  const addressMode = useAppSelector(selectAddressMode);
  const placed = useAppSelector(selectPlacedOrder);
  const [createPaymentIntent] = useCreatePaymentIntentMutation();
  const [createSetupIntent] = useCreateSetupIntentMutation();
  const [createSubscription] = useCreateSubscriptionMutation();
  const [debugSubscription] = useDebugSubscriptionMutation();
  const [createUserAccount] = useCreateUserAccountMutation();

  return useCardPayment({
    stripe,
    card,
    unexpected: paymentMessages.unexpected,
    prepare() {
      const { cart, cartId } = checkoutCart;
      if (!stripe) return beforePaymentMessages.stripeNotLoaded;
      if (!card) return beforePaymentMessages.noCardElement;
      if (!cardComplete) return beforePaymentMessages.cardIncomplete;
      if (!cartId || !cart || cart.items.length === 0) return beforePaymentMessages.invalidCart;
      if (!form.email.trim()) return beforePaymentMessages.invalidCustomer;
      if (!(cart.totals?.serviceDueTodayPence > 0)) return beforePaymentMessages.noAmounts;
      return servicePayment(
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
    },
    started: () => dispatch(paymentStarted()),
    // The thank-you page's code loads while the buyer pays, so the navigation at the end is
    // immediate and the hard-redirect fallback (which would lose the SIP passwords held in
    // memory) does not fire on a slow connection or a busy machine.
    prefetch: () => import('./routes/thank-you-page'),
    stopped(failure, message) {
      if (failure instanceof AccountFieldsRejected) {
        dispatch(accountFormRejected({ errors: failure.fieldErrors, banner: failure.message || messages.formBanner }));
        return;
      }
      // Prices changed: the page shows the cart as priced now; the next click names its version.
      if (failure instanceof CartPriceChanged) checkoutCart.cartRepriced(failure.cart);
      dispatch(paymentFailed(message));
    },
    paid(completed) {
      // Completed: the order's secret is forgotten (order-secret.ts), and the cart id below.
      dispatch(orderCompleted(completed));
      writeStorage(LAST_ORDER_KEY, completed.orderId);
      return thankYouPath(completed.orderId);
    },
    // The server took the service out of the cart with the order.
    navigated: () => checkoutCart.serviceOrdered(),
  });
}
