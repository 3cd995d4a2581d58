import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useLayoutEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { PageMeta } from '../../../components/page-meta';
import { StepProgress } from '../../../components/step-progress';
import { errorStatus } from '../../../lib/api-error';
import { useGetCheckoutConfigQuery } from '../../../lib/stripe/config-api';
import { useStripeClient } from '../../../lib/stripe/use-stripe-client';
import { useGetHardwareCheckoutOptionsQuery, useGetHardwareQuoteQuery } from '../api';
import { AddressStep, FALLBACK_SHIPPING_COUNTRIES } from '../components/address-step';
import { FALLBACK_BILLING_COUNTRIES, PaymentStep } from '../components/payment-step';
import { ReviewStep } from '../components/review-step';
import { ShippingStep } from '../components/shipping-step';
import { SummaryStep } from '../components/summary-step';
import {
  checkoutOpened,
  orderSummaryConfirmed,
  selectHardwarePayment,
  selectShippingOption,
  selectStep,
  shippingConfirmed,
  shippingOptionChosen,
  STEP_TITLES,
  stepBack,
} from '../hardware-checkout-slice';
import { messages } from '../messages';
import type { HardwareCheckoutCart } from '../types';
import '../hardware-checkout.css';

function errorCode(error: unknown): unknown {
  const data = (error as { data?: { code?: unknown } } | undefined)?.data;
  return data?.code;
}

/**
 * The hardware checkout: 1 Order Summary, 2 Shipping Options, 3 Shipping Address, 4 Review
 * Order, 5 Payment. The cart's desk phones come priced from the server's quote; the step, the
 * address and the placed order live in the hardware-checkout slice (memory only). Without a
 * cart the visitor goes home; a cart without desk phones goes to the service checkout.
 */
export function HardwareCheckoutPage({ cart }: { cart: HardwareCheckoutCart }) {
  const dispatch = useAppDispatch();
  const step = useAppSelector(selectStep);
  const shippingOption = useAppSelector(selectShippingOption);
  const payment = useAppSelector(selectHardwarePayment);
  const [opened, setOpened] = useState(false);
  const { cartId, cartNotFound } = cart;
  // Once paid the server empties the cart of its phones: the entry rules no longer apply.
  const paid = payment.status === 'succeeded';
  const quote = useGetHardwareQuoteQuery(cartId && !paid ? { cartId } : skipToken, { refetchOnMountOrArgChange: true });
  const options = useGetHardwareCheckoutOptionsQuery();
  // Stripe.js loads with the page (as in the service checkout), so the card field is ready at step 5.
  const config = useGetCheckoutConfigQuery();
  const stripe = useStripeClient(config.data);
  const quoteStatus = errorStatus(quote.error);
  const cartGone = quoteStatus === 404;
  const noHardware = quoteStatus === 422 && errorCode(quote.error) === 'no_hardware';

  // Every visit starts at its first step (the form keeps what was typed).
  useLayoutEffect(() => {
    dispatch(checkoutOpened());
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the steps render only once this visit's reset is in the store (a layout effect: before paint)
    setOpened(true);
  }, [dispatch]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [step]);

  useEffect(() => {
    if (cartGone) cartNotFound();
  }, [cartGone, cartNotFound]);

  if (!paid) {
    if (!cartId || cartGone) return <Navigate to="/" replace />;
    if (noHardware) return <Navigate to="/checkout" replace />;
  }

  const shippingOptions = options.data?.shippingOptions ?? [];
  const shippingCountries = options.data?.shippingCountries ?? FALLBACK_SHIPPING_COUNTRIES;
  const billingCountries = options.data?.billingCountries ?? FALLBACK_BILLING_COUNTRIES;

  const body = () => {
    if (step === 5) return <PaymentStep stripe={stripe.client} stripeFailed={stripe.failed || config.isError} billingCountries={billingCountries} />;
    if (quote.isLoading) return <p className="loading">Loading your desk phones…</p>;
    if (!quote.data || !cartId) return <p role="alert">{messages.quoteFailed}</p>;
    if (step === 1) return <SummaryStep quote={quote.data} onContinue={() => dispatch(orderSummaryConfirmed())} />;
    if (step === 2) {
      if (options.isLoading) return <p className="loading">Loading the shipping options…</p>;
      if (!options.data) return <p role="alert">{messages.optionsFailed}</p>;
      return (
        <ShippingStep
          options={shippingOptions}
          chosen={shippingOption}
          onChoose={(id) => dispatch(shippingOptionChosen(id))}
          onBack={() => dispatch(stepBack())}
          onContinue={() => dispatch(shippingConfirmed())}
        />
      );
    }
    if (step === 3) return <AddressStep countries={shippingCountries} />;
    if (!shippingOption) return null;
    return <ReviewStep cartId={cartId} shippingOption={shippingOption} countries={shippingCountries} />;
  };

  return (
    <>
      <PageMeta
        title="Hardware checkout"
        description="Check out your desk phones: delivery, address and secure card payment."
        path="/hardware-checkout"
        noIndex
      />
      <div className="container page-body hardware-checkout-page">
        <h1>Hardware Checkout</h1>
        <StepProgress steps={STEP_TITLES} current={step} label="Checkout progress" />
        {opened && body()}
      </div>
    </>
  );
}
