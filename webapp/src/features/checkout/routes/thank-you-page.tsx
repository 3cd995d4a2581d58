import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { isRestricted, SignInToSee } from '../../../components/sign-in-to-see';
import { rememberOrderLink } from '../order-link';
import { useAppSelector } from '../../../lib/store-hooks';
import { emailStatusText } from '../../../components/email-status';
import { ExtensionDetailsSection } from '../../../components/extension-details';
import { maskSecret } from '../../../components/mask-secret';
import { PageMeta } from '../../../components/page-meta';
import { PhoneSetupInfo } from '../../../components/phone-setup-info';
import { errorStatus } from '../../../lib/api-error';
import { useCatalogue } from '../../../lib/catalogue';
import { cycleWord, formatPence } from '../../../lib/format-money';
import { readStorage } from '../../../lib/storage';
import { useRegistrationPolling } from '../../../lib/registrations';
import { useConfirmTransferDetailsMutation, useGetOrderQuery, useGetOrderRegistrationsQuery, useGiveTransferPacMutation } from '../api';
import { selectCompletedOrder, type CompletedOrder } from '../checkout-slice';
import { NumberTransfers, type TransferActions } from '../../../components/number-transfers/number-transfers';
import { OrderTotals } from '../components/order-totals';
import { messages } from '../messages';
import type { OrderView } from '../types';
import type { Registrations } from '../../../lib/api-types';
import { LAST_ORDER_KEY } from '../last-order';
import { orderPollInterval } from '../order-poll';
import '../checkout.css';

function formatOrderDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

function Oops({ message }: { message: string }) {
  return (
    <div className="container page-body thank-you-page centered">
      <div className="panel">
        <p className="oops-icon" aria-hidden="true">
          !
        </p>
        <h1>Oops!</h1>
        <p role="alert">{message}</p>
        <Link to="/checkout" className="button button-primary">
          Try Again
        </Link>
      </div>
    </div>
  );
}

interface ThankYouPageProps {
  /**
   * The cart still holds desk phones (a mixed cart: the service was paid, the phones are paid in
   * the hardware checkout). Joined in by the app layer from the cart.
   */
  deskPhonesInCart?: boolean;
}

/** The order confirmation, from GET /api/orders/{id} (the id from ?order= or, after a reload, storage). */
export function ThankYouPage({ deskPhonesInCart = false }: ThankYouPageProps) {
  const [params] = useSearchParams();
  const orderId = useMemo(() => params.get('order') || readStorage(LAST_ORDER_KEY), [params]);
  // A signed link from an e-mail (`&link=`): kept for this order so the page reads its details.
  const link = params.get('link');
  if (orderId && link) rememberOrderLink(orderId, link);
  // Asked again every few seconds until the confirmation e-mail has left (or failed), then every
  // 30 seconds while a number transfer is open, so that staff's steps show without a reload.
  const [pollMs, setPollMs] = useState(() => orderPollInterval(undefined));
  const query = useGetOrderQuery(orderId ?? skipToken, { pollingInterval: pollMs });
  const nextPollMs = orderPollInterval(query.data);
  if (nextPollMs !== pollMs) setPollMs(nextPollMs);
  const completed = useAppSelector(selectCompletedOrder);
  const inMemory = completed && completed.orderId === orderId ? completed : null;

  const meta = (
    <PageMeta
      title="Thank you for your order"
      description="Your order confirmation, account and extension details."
      path="/thank-you"
      noIndex
    />
  );

  if (!orderId) {
    return (
      <>
        {meta}
        <Oops message={messages.orderNotFound} />
      </>
    );
  }
  if (query.isLoading) {
    return (
      <>
        {meta}
        <div className="container page-body">
          <p className="loading">Loading your order…</p>
        </div>
      </>
    );
  }
  const order = query.data;
  if (order && isRestricted(order)) {
    return (
      <>
        {meta}
        <SignInToSee what="Your order" status={order.status} />
      </>
    );
  }
  if (!order || query.isError || (order.status !== 'paid' && order.status !== 'completed')) {
    const notFound = query.isError && errorStatus(query.error) === 404;
    return (
      <>
        {meta}
        <Oops message={notFound ? messages.orderNotFound : messages.orderFailed} />
      </>
    );
  }
  return (
    <>
      {meta}
      <Confirmation orderId={orderId} order={order} inMemory={inMemory} deskPhonesInCart={deskPhonesInCart} />
    </>
  );
}

function DeskPhonesWaiting() {
  return (
    <section className="panel desk-phones-waiting" aria-labelledby="desk-phones-heading">
      <h2 id="desk-phones-heading">Now pay for your desk phones</h2>
      <p>Your desk phones are still in your cart. They are paid separately, with their delivery, in the hardware checkout.</p>
      <Link to="/hardware-checkout" className="button button-primary">
        Go to the hardware checkout
      </Link>
    </section>
  );
}

interface ConfirmationProps {
  orderId: string;
  order: OrderView;
  inMemory: CompletedOrder | null;
  deskPhonesInCart: boolean;
}

function Confirmation({ orderId, order, inMemory, deskPhonesInCart }: ConfirmationProps) {
  const catalogue = useCatalogue();
  // Whether each extension's phone has registered: asked every few seconds for two minutes.
  const [registrations, setRegistrations] = useState<Registrations | undefined>(undefined);
  const pollMs = useRegistrationPolling(registrations);
  const registrationQuery = useGetOrderRegistrationsQuery(orderId, { pollingInterval: pollMs, skipPollingIfUnfocused: false });
  if (registrationQuery.data !== registrations) setRegistrations(registrationQuery.data);
  // The order's own routes (its link's secret); each answers the order, which lands in the cache.
  const [confirmTransferDetails] = useConfirmTransferDetailsMutation();
  const [giveTransferPac] = useGiveTransferPacMutation();
  const transferActions: TransferActions = {
    sign: (number, details) => confirmTransferDetails({ orderId, number, details }).unwrap(),
    givePac: (number, pac) => giveTransferPac({ orderId, number, pac }).unwrap(),
  };
  const vatPercent = catalogue.data?.vatPercent ?? 20;
  const cycle = order.billingCycle ?? 'monthly';
  const per = cycleWord(cycle);
  const orderDate = formatOrderDate(order.placedAt);

  return (
    <div className="container page-body thank-you-page">
      <header className="thank-you-header centered">
        <p className="success-icon" aria-hidden="true">
          ✓
        </p>
        <h1>Thank you for your order!</h1>
        <p className="lead">Your phone service is being set up.</p>
        <dl className="order-facts">
          {orderDate && (
            <div>
              <dt>Order date</dt>
              <dd>{orderDate}</dd>
            </div>
          )}
          <div>
            <dt>Order number</dt>
            <dd>{order.orderNumber}</dd>
          </div>
        </dl>
      </header>

      {deskPhonesInCart && <DeskPhonesWaiting />}

      <ul className="summary-cards" aria-label="Your order at a glance">
        <li className="card">
          <h2 className="card-title">Package</h2>
          <p>{order.packageName}</p>
          {order.quantity > 1 && <p className="muted">{order.quantity} users</p>}
        </li>
        <li className="card">
          <h2 className="card-title">Add-ons ({order.addOns.length})</h2>
          {order.addOns.length === 0 ? (
            <p className="muted">None</p>
          ) : (
            <ul>
              {order.addOns.map((addOn) => (
                <li key={addOn.id}>{addOn.name}</li>
              ))}
            </ul>
          )}
        </li>
        <li className="card">
          <h2 className="card-title">Phone numbers ({order.phoneNumbers.length})</h2>
          {order.phoneNumbers.length === 0 ? (
            <p className="muted">None</p>
          ) : (
            <ul>
              {order.phoneNumbers.map((number) => (
                <li key={number.value}>
                  {number.displayValue || number.value}
                  {number.isTransfer ? ' (transfer)' : ''}
                </li>
              ))}
            </ul>
          )}
        </li>
      </ul>

      <NumberTransfers transfers={order.ports ?? []} actions={transferActions} />

      <section className="panel" aria-labelledby="order-summary-heading">
        <h2 id="order-summary-heading">Order Summary</h2>
        {order.totals ? (
          <dl className="order-totals">
            <dt>Package: {order.packageName}</dt>
            <dd>
              {formatPence(order.totals.packagePence)} per {per}
            </dd>
            {order.totals.addOnsPence > 0 && (
              <>
                <dt>Add-ons</dt>
                <dd>
                  {formatPence(order.totals.addOnsPence)} per {per}
                </dd>
              </>
            )}
            {order.totals.numbersPence > 0 && (
              <>
                <dt>Extra phone numbers</dt>
                <dd>
                  {formatPence(order.totals.numbersPence)} per {per}
                </dd>
              </>
            )}
            <OrderTotals totals={order.totals} cycle={cycle} vatPercent={vatPercent} />
          </dl>
        ) : (
          <p>Your order has been placed. The full breakdown is in your confirmation email.</p>
        )}
      </section>

      <PhoneSetupInfo />

      <section className="panel" aria-labelledby="account-heading">
        <h2 id="account-heading">Account Information</h2>
        <dl className="detail-list">
          <dt>Email</dt>
          <dd>{order.email}</dd>
          {inMemory?.password && (
            <>
              <dt>Password</dt>
              <dd>{maskSecret(inMemory.password)}</dd>
            </>
          )}
        </dl>
        <Link to="/account">Login to Dashboard</Link>
      </section>

      <ExtensionDetailsSection
        extensions={order.extensions}
        passwords={inMemory?.extensions ?? null}
        emptyText="Your extensions are being set up; their details will be in your confirmation email."
        passwordsGoneText={messages.passwordsNotStored}
        registrations={registrations}
      />

      <section className="panel thank-you-next" aria-labelledby="next-heading">
        <h2 id="next-heading">What happens next</h2>
        <p>
          <span role="status">{emailStatusText(order.emailStatus, order.email)}</span> Our team will be in touch shortly
          to help you get started.
        </p>
        <div className="page-actions">
          <Link to="/" className="button button-secondary">
            Return to Home
          </Link>
          <Link to="/account" className="button button-primary">
            Go to Dashboard
          </Link>
        </div>
      </section>
    </div>
  );
}
