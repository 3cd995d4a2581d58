import { useEffect, useLayoutEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { siteConfig } from '../../../config/site';
import { PageMeta } from '../../../components/page-meta';
import { useCatalogue } from '../../../lib/catalogue';
import { useGetCheckoutConfigQuery } from '../../../lib/stripe/config-api';
import { checkoutOpened, orderSummaryConfirmed, selectCheckoutStep, selectPayment, type CheckoutStep } from '../checkout-slice';
import { AccountSetupStep } from '../components/account-setup-step';
import { CheckoutSteps } from '../components/checkout-steps';
import { OrderSummaryStep } from '../components/order-summary-step';
import { PaymentStep } from '../components/payment-step';
import { messages } from '../messages';
import type { CheckoutCart } from '../types';
import { useStripeClient } from '../../../lib/stripe/use-stripe-client';
import '../checkout.css';

interface CheckoutPageProps {
  /** The visitor's cart, joined in by the app layer. */
  checkoutCart: CheckoutCart;
  /** 2 on /checkout/account-setup. */
  initialStep?: CheckoutStep;
}

/**
 * The service checkout: 1 Order Summary, 2 Account Setup, 3 Payment. The step and the form live
 * in the checkout slice (memory only), the cart on the server; Stripe.js is loaded on this page only.
 */
export function CheckoutPage({ checkoutCart, initialStep = 1 }: CheckoutPageProps) {
  const dispatch = useAppDispatch();
  const step = useAppSelector(selectCheckoutStep);
  const payment = useAppSelector(selectPayment);
  const [opened, setOpened] = useState(false);
  const config = useGetCheckoutConfigQuery();
  const catalogue = useCatalogue();
  const stripe = useStripeClient(config.data);
  const { cart, isLoading, isError } = checkoutCart;
  const hasPackage = Boolean(cart?.items.some((item) => item.type === 'package'));

  // Every visit starts at its first step (the form keeps what was typed).
  useLayoutEffect(() => {
    dispatch(checkoutOpened({ step: initialStep }));
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the steps render only once this visit's reset is in the store (a layout effect: before paint)
    setOpened(true);
  }, [dispatch, initialStep]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [step]);

  const path = initialStep === 2 ? '/checkout/account-setup' : '/checkout';
  const vatPercent = catalogue.data?.vatPercent ?? 20;

  const body = () => {
    if (payment.status === 'succeeded') {
      return <PaymentStep checkoutCart={checkoutCart} stripe={stripe.client} stripeFailed={stripe.failed} />;
    }
    if (isLoading) return <p className="loading">Loading your cart…</p>;
    if (isError && !cart) return <p role="alert">{messages.cartLoadFailed}</p>;
    if (!cart || !hasPackage) {
      return (
        <div className="panel checkout-panel">
          <p role="alert">{messages.emptyCart}</p>
          <Link to="/plans-and-pricing" className="button button-primary">
            View plans
          </Link>
        </div>
      );
    }
    if (step === 1) return <OrderSummaryStep cart={cart} vatPercent={vatPercent} onContinue={() => dispatch(orderSummaryConfirmed())} />;
    if (step === 2) return <AccountSetupStep googleClientId={config.data?.googleClientId ?? null} />;
    return <PaymentStep checkoutCart={checkoutCart} stripe={stripe.client} stripeFailed={stripe.failed || config.isError} />;
  };

  return (
    <>
      <PageMeta
        title={initialStep === 2 ? 'Account setup' : 'Checkout'}
        description="Review your order, set up your account and pay securely by card."
        path={path}
        noIndex
      />
      <div className="container page-body checkout-page">
        <h1>Checkout</h1>
        <CheckoutSteps current={step} />
        {opened && body()}
        <p className="checkout-help">
          Questions about your order? Call us on <a href={siteConfig.salesPhoneHref}>{siteConfig.salesPhoneDisplay}</a>,{' '}
          {siteConfig.supportPhoneHours}.
        </p>
      </div>
    </>
  );
}
