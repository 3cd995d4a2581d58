import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch } from '../../../lib/store-hooks';
import { EMAIL_POLL_MS, emailSettled, emailStatusText } from '../../../components/email-status';
import { PageMeta } from '../../../components/page-meta';
import { errorStatus } from '../../../lib/api-error';
import { useConfirmHardwarePaymentInBackgroundMutation, useGetHardwareOrderQuery } from '../api';
import { FALLBACK_SHIPPING_COUNTRIES } from '../components/address-step';
import { AmountsList } from '../components/amounts-list';
import { LineList } from '../components/line-list';
import { formatDeliveryDate } from '../delivery-date';
import { checkoutReset } from '../hardware-checkout-slice';
import { readHardwareOrder, storeHardwareOrder } from '../hardware-order-storage';
import { messages } from '../messages';
import type { HardwareCheckoutCart, HardwareOrderView, StoredHardwareOrder } from '../types';
import '../hardware-checkout.css';

/** Paid, but confirming the order did not finish: the page says so and tries once more. */
const PENDING: readonly string[] = ['payment-only', 'error-handled'];

const isPending = (order: StoredHardwareOrder, view: HardwareOrderView | undefined) =>
  PENDING.includes(order.confirmationStatus ?? '') || PENDING.includes(view?.status ?? '');

const meta = (
  <PageMeta
    title="Thank you for your order"
    description="Your desk phone order: delivery and what happens next."
    path="/hardware-thank-you"
    noIndex
  />
);

function SupportLinks({ home }: { home: string }) {
  return (
    <div className="page-actions hw-thank-you-actions">
      <Link to="/" className="button button-secondary">
        {home}
      </Link>
      <Link to="/account" className="button button-secondary">
        Go to Dashboard
      </Link>
      <Link to="/contact" className="button button-primary">
        Contact Support
      </Link>
    </div>
  );
}

function OrderNotFound() {
  return (
    <>
      {meta}
      <div className="container page-body hardware-checkout-page centered">
        <div className="panel">
          <h1>{messages.orderNotFoundTitle}</h1>
          <p>{messages.orderNotFound}</p>
          <SupportLinks home="Return to Home" />
        </div>
      </div>
    </>
  );
}

/**
 * /hardware-thank-you: the order this tab paid (sessionStorage `hardwareOrder`), read back from
 * GET /api/hardware-orders/{id} with its secret. An order paid but not yet confirmed gets a
 * notice with the payment reference and one background confirmation; then the cart is read
 * again (the server took the phones out of it).
 */
export function HardwareThankYouPage({ cart }: { cart: HardwareCheckoutCart }) {
  const dispatch = useAppDispatch();
  const [order, setOrder] = useState(readHardwareOrder);
  // Asked again every few seconds until the confirmation e-mail has left (or failed).
  const [emailDone, setEmailDone] = useState(false);
  const view = useGetHardwareOrderQuery(order ? { orderId: order.orderId, orderSecret: order.orderSecret } : skipToken, {
    pollingInterval: emailDone ? 0 : EMAIL_POLL_MS,
  });
  const settled = emailSettled(view.data?.emailStatus);
  if (settled !== emailDone) setEmailDone(settled);
  const [confirmInBackground] = useConfirmHardwarePaymentInBackgroundMutation();
  const followedUp = useRef(false);
  const { phonesOrdered } = cart;

  // The checkout is over: its steps, address and placed order are forgotten.
  useEffect(() => {
    dispatch(checkoutReset());
  }, [dispatch]);

  const loaded = view.data;
  useEffect(() => {
    if (!order || !loaded || followedUp.current) return;
    followedUp.current = true;
    const paymentIntentId = order.paymentIntentId ?? loaded.paymentReference;
    void (async () => {
      if (isPending(order, loaded) && paymentIntentId) {
        try {
          const answer = await confirmInBackground({ paymentIntentId }).unwrap();
          if (answer.status === 'confirmed') {
            const confirmed: StoredHardwareOrder = { ...order, confirmationStatus: 'confirmed' };
            storeHardwareOrder(confirmed);
            setOrder(confirmed);
          }
        } catch {
          // The server's own job confirms a paid order within a minute; the notice stays.
        }
      }
      await phonesOrdered();
    })();
  }, [order, loaded, confirmInBackground, phonesOrdered]);

  if (!order) return <OrderNotFound />;
  if (view.isLoading) {
    return (
      <>
        {meta}
        <div className="container page-body">
          <p className="loading">Loading your order…</p>
        </div>
      </>
    );
  }
  if (!view.data) {
    const status = errorStatus(view.error);
    if (status === 403 || status === 404) return <OrderNotFound />;
    return (
      <>
        {meta}
        <div className="container page-body hardware-checkout-page centered">
          <div className="panel">
            <h1>Thank You for Your Order!</h1>
            {order.orderNumber && <p>Order number: {order.orderNumber}</p>}
            <p role="alert">{messages.orderViewFailed}</p>
            <SupportLinks home="Continue Shopping" />
          </div>
        </div>
      </>
    );
  }
  return (
    <>
      {meta}
      <Confirmation view={view.data} pending={isPending(order, view.data)} reference={order.reference ?? view.data.paymentReference ?? null} />
    </>
  );
}

function Confirmation({ view, pending, reference }: { view: HardwareOrderView; pending: boolean; reference: string | null }) {
  const { address, customer, shipping } = view;
  const country = FALLBACK_SHIPPING_COUNTRIES.find((entry) => entry.code === address.country)?.name ?? address.country;
  return (
    <div className="container page-body hardware-checkout-page hw-thank-you">
      <header className="hw-thank-you-header centered">
        <p className="hw-success-icon" aria-hidden="true">
          ✓
        </p>
        <h1>Thank You for Your Order!</h1>
        <dl className="hw-order-facts">
          <dt>Order number</dt>
          <dd>{view.orderNumber}</dd>
        </dl>
        <p role="status">
          {view.emailQueued || view.emailStatus
            ? emailStatusText(view.emailStatus, customer.email)
            : `A confirmation email will be sent to ${customer.email} once your order is confirmed.`}
        </p>
      </header>

      {pending && (
        <section className="panel hw-notice" aria-labelledby="hw-pending-heading">
          <h2 id="hw-pending-heading">Your payment went through</h2>
          <p>
            We are still confirming your order with our systems. There is nothing more you need to do: it is usually done within a
            minute, and your confirmation email follows. If you contact us meanwhile, please quote your payment reference.
          </p>
          {reference && (
            <dl className="detail-list">
              <dt>Payment reference</dt>
              <dd>{reference}</dd>
            </dl>
          )}
        </section>
      )}

      <section className="panel" aria-labelledby="hw-summary-heading">
        <h2 id="hw-summary-heading">Order Summary</h2>
        <LineList lines={view.lines} />
        <AmountsList amounts={view.amounts} withShipping />
      </section>

      <section className="panel" aria-labelledby="hw-delivery-heading">
        <h2 id="hw-delivery-heading">Delivery</h2>
        <dl className="detail-list">
          <dt>Shipping address</dt>
          <dd>
            <address>
              {[`${customer.firstName} ${customer.lastName}`.trim(), address.line1, address.line2, address.city, address.postalCode, country]
                .filter(Boolean)
                .map((part, index) => (
                  <span key={index} className="hw-address-line">
                    {part}
                  </span>
                ))}
            </address>
          </dd>
          <dt>Delivery method</dt>
          <dd>{shipping.name}</dd>
          <dt>Carrier</dt>
          <dd>{shipping.carrier}</dd>
          <dt>Estimated delivery</dt>
          <dd>{formatDeliveryDate(view.estimatedDelivery)}</dd>
        </dl>
      </section>

      <section className="panel" aria-labelledby="hw-next-heading">
        <h2 id="hw-next-heading">What&apos;s Next?</h2>
        <ol className="hw-next-steps">
          <li>Look out for your order confirmation email with your order number and receipt.</li>
          <li>We prepare your phones and hand them to {shipping.carrier} for dispatch.</li>
          <li>{shipping.carrier} sends you tracking details so you can follow your delivery.</li>
          <li>
            When they arrive, our <Link to="/support">set-up guides</Link> help you connect them to your phone service.
          </li>
        </ol>
      </section>

      <SupportLinks home="Continue Shopping" />
    </div>
  );
}
