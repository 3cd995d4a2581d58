import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { errorStatus, serverErrorMessage } from '../../../lib/api-error';
import { formatPence } from '../../../lib/format-money';
import { customerInfoFromDraft } from '../address-rules';
import { hardwareCheckoutApi, useGetHardwareQuoteQuery, usePlaceHardwareOrderMutation } from '../api';
import {
  addressRejected,
  orderPlaced,
  reviewConfirmed,
  selectCustomerDraft,
  selectPlacedOrder,
  stepBack,
} from '../hardware-checkout-slice';
import { messages } from '../messages';
import { priceChanged } from '../price-changed';
import type { Country, CustomerField, CustomerFieldErrors } from '../types';
import { AmountsList } from './amounts-list';
import { LineList } from './line-list';
import { PriceChangeNotices } from './price-change-notices';

const FIELDS: readonly CustomerField[] = ['email', 'firstName', 'lastName', 'phone', 'line1', 'city', 'postalCode', 'country'];

/** 422 `invalid_fields`: the server's messages for the address form's fields, or null for any other refusal. */
function refusedFields(error: unknown): { errors: CustomerFieldErrors; banner: string | null } | null {
  if (errorStatus(error) !== 422) return null;
  const body = (error as { data?: { code?: unknown; error?: unknown; fieldErrors?: unknown } }).data;
  if (body?.code !== 'invalid_fields' || typeof body.fieldErrors !== 'object' || body.fieldErrors === null) return null;
  const errors: CustomerFieldErrors = {};
  for (const [field, message] of Object.entries(body.fieldErrors as Record<string, unknown>)) {
    if ((FIELDS as readonly string[]).includes(field) && typeof message === 'string') errors[field as CustomerField] = message;
  }
  return { errors, banner: typeof body.error === 'string' && body.error ? body.error : null };
}

interface ReviewStepProps {
  cartId: string;
  shippingOption: string;
  countries: Country[];
}

/**
 * Step 4: the phones, the delivery, who receives them and where, and the totals with shipping
 * (the server's quote for the chosen option). Complete Order places the order on the version of
 * the quote shown, or goes on with the one already placed when nothing changed since. When the
 * prices moved meanwhile (409 `price_changed`) nothing is placed: the server's new quote takes
 * the old one's place, with its changes and the server's sentence, and the next click places
 * the order at the new total.
 */
export function ReviewStep({ cartId, shippingOption, countries }: ReviewStepProps) {
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectCustomerDraft);
  const placed = useAppSelector(selectPlacedOrder);
  const quote = useGetHardwareQuoteQuery({ cartId, shippingOption }, { refetchOnMountOrArgChange: true });
  const [placeOrder, placing] = usePlaceHardwareOrderMutation();
  const [error, setError] = useState<string | null>(null);
  const customer = customerInfoFromDraft(draft);
  const country = countries.find((entry) => entry.code === customer.address.country)?.name ?? customer.address.country;

  const complete = async () => {
    setError(null);
    // Only the quote for this shipping option is on screen (the button shows with it).
    if (!quote.data) return;
    const quoteVersion = quote.data.version;
    // The order placed before, unless the prices shown have moved since it was placed.
    if (placed && placed.quoteVersion === quoteVersion) {
      dispatch(reviewConfirmed());
      return;
    }
    try {
      const order = await placeOrder({ cartId, shippingOption, quoteVersion, customerInfo: customer }).unwrap();
      const { orderId, orderNumber, orderSecret, amounts, lines, shipping } = order;
      dispatch(orderPlaced({ orderId, orderNumber, orderSecret, amounts, lines, shipping, quoteVersion }));
    } catch (failure) {
      const changed = priceChanged(failure);
      const fields = refusedFields(failure);
      if (changed) {
        dispatch(hardwareCheckoutApi.util.upsertQueryData('getHardwareQuote', { cartId, shippingOption }, changed.quote));
        // Step 1's quote (without shipping) is read again, so going back shows the new prices too.
        void dispatch(hardwareCheckoutApi.endpoints.getHardwareQuote.initiate({ cartId }, { forceRefetch: true, subscribe: false }));
        setError(changed.error);
      } else if (fields) dispatch(addressRejected(fields));
      else setError(serverErrorMessage(failure, messages.placeFailed));
    }
  };

  if (quote.isLoading) return <p className="loading">Loading your order…</p>;
  if (!quote.data) {
    return (
      <section className="panel hw-panel" aria-labelledby="hw-step-heading">
        <h2 id="hw-step-heading">Review Order</h2>
        <p role="alert">{serverErrorMessage(quote.error, messages.quoteFailed)}</p>
        <div className="page-actions">
          <button type="button" className="button button-secondary" onClick={() => dispatch(stepBack())}>
            Back
          </button>
        </div>
      </section>
    );
  }
  const { lines, shipping, amounts, priceChanges } = quote.data;

  return (
    <section className="panel hw-panel" aria-labelledby="hw-step-heading">
      <h2 id="hw-step-heading">Review Order</h2>
      <PriceChangeNotices changes={priceChanges} />
      <div className="hw-review">
        <section aria-labelledby="hw-review-items">
          <h3 id="hw-review-items">Items</h3>
          <LineList lines={lines} />
        </section>
        <section aria-labelledby="hw-review-shipping">
          <h3 id="hw-review-shipping">Shipping</h3>
          {shipping && (
            <p>
              {shipping.name} ({shipping.carrier}): {formatPence(shipping.pricePence)}
            </p>
          )}
        </section>
        <section aria-labelledby="hw-review-customer">
          <h3 id="hw-review-customer">Customer</h3>
          <p>
            {customer.firstName} {customer.lastName}
            <br />
            {customer.email}
            <br />
            {customer.phone}
          </p>
        </section>
        <section aria-labelledby="hw-review-address">
          <h3 id="hw-review-address">Delivery Address</h3>
          <address>
            {[customer.address.line1, customer.address.line2, customer.address.city, customer.address.postalCode, country]
              .filter(Boolean)
              .map((part, index) => (
                <span key={index} className="hw-address-line">
                  {part}
                </span>
              ))}
          </address>
        </section>
      </div>
      <AmountsList amounts={amounts} withShipping />
      {error && (
        <p role="alert" className="form-banner">
          {error}
        </p>
      )}
      <div className="page-actions">
        <button type="button" className="button button-secondary" disabled={placing.isLoading} onClick={() => dispatch(stepBack())}>
          Back
        </button>
        <button type="button" className="button button-primary" disabled={placing.isLoading} aria-busy={placing.isLoading} onClick={() => void complete()}>
          Complete Order
        </button>
      </div>
    </section>
  );
}
