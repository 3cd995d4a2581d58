import { describe, expect, it } from 'vitest';
import {
  addressLookedUp,
  addressRejected,
  addressSubmitted,
  checkoutOpened,
  checkoutReset,
  customerFieldEdited,
  hardwareCheckoutSlice,
  initialHardwareCheckoutState,
  orderPaid,
  orderPlaced,
  orderRepriced,
  orderSummaryConfirmed,
  paymentFailed,
  paymentStarted,
  reviewConfirmed,
  shippingConfirmed,
  shippingOptionChosen,
  stepBack,
  type HardwareCheckoutState,
  type PlacedHardwareOrder,
} from './hardware-checkout-slice';
import { amountsFor, SHIPPING_OPTIONS } from './testing/fake-hardware-checkout-server';

const reduce = (state: HardwareCheckoutState, ...actions: Parameters<typeof hardwareCheckoutSlice.reducer>[1][]) =>
  actions.reduce(hardwareCheckoutSlice.reducer, state);

const placed: PlacedHardwareOrder = {
  orderId: 'order-1',
  orderNumber: 'HW-100001',
  orderSecret: 'secret',
  amounts: amountsFor(16300, 1500),
  lines: [],
  shipping: { id: 'saturday', name: SHIPPING_OPTIONS[3].name, carrier: 'DPD', pricePence: 1500 },
  quoteVersion: 'q0123456789abcdef',
};

/** At step 5 with an order placed for Saturday delivery. */
function atPayment(): HardwareCheckoutState {
  return reduce(
    initialHardwareCheckoutState(),
    orderSummaryConfirmed(),
    shippingOptionChosen('saturday'),
    shippingConfirmed(),
    customerFieldEdited({ field: 'email', value: 'jane@example.co.uk' }),
    addressSubmitted(),
    orderPlaced(placed),
  );
}

describe('hardware checkout slice', () => {
  it('walks the five steps: continue, a shipping option, the address, the placed order', () => {
    let state = reduce(initialHardwareCheckoutState(), orderSummaryConfirmed());
    expect(state.step).toBe(2);
    state = reduce(state, shippingConfirmed());
    expect(state.step).toBe(2);
    state = reduce(state, shippingOptionChosen('economy'), shippingConfirmed());
    expect(state.step).toBe(3);
    state = reduce(state, addressSubmitted());
    expect(state.step).toBe(4);
    state = reduce(state, orderPlaced(placed));
    expect(state).toMatchObject({ step: 5, placed, payment: { status: 'idle', error: null } });
  });

  it('Back moves one step, never below 1, and not while paying', () => {
    let state = reduce(atPayment(), stepBack());
    expect(state.step).toBe(4);
    expect(reduce(initialHardwareCheckoutState(), stepBack()).step).toBe(1);
    state = reduce(atPayment(), paymentStarted(), stepBack());
    expect(state.step).toBe(5);
  });

  it('going back keeps the placed order; Complete Order with nothing changed goes on with it', () => {
    const state = reduce(atPayment(), stepBack(), reviewConfirmed());
    expect(state).toMatchObject({ step: 5, placed });
  });

  it("a payment refused for another price (409 price_changed): the placed order takes the server's quote of it, its total and version", () => {
    const line = { productId: 'p1', name: 'Yealink T54W', shortDesc: null, imageUrl: null, unitPricePence: 6900, quantity: 2, linePence: 13800 };
    const quote = { lines: [line], shipping: { ...placed.shipping, description: 'Next working day' }, amounts: amountsFor(13800, 1500), version: 'q-new', priceChanges: [] };
    const state = reduce(atPayment(), orderRepriced(quote));
    expect(state.placed).toEqual({
      ...placed,
      amounts: amountsFor(13800, 1500),
      lines: [{ productId: 'p1', name: 'Yealink T54W', unitPricePence: 6900, quantity: 2, linePence: 13800 }],
      quoteVersion: 'q-new',
    });
    expect(reduce(initialHardwareCheckoutState(), orderRepriced(quote)).placed).toBeNull();
  });

  it('another shipping option forgets the placed order; the same one does not', () => {
    expect(reduce(atPayment(), stepBack(), stepBack(), stepBack(), shippingOptionChosen('saturday')).placed).toEqual(placed);
    const state = reduce(atPayment(), stepBack(), stepBack(), stepBack(), shippingOptionChosen('economy'));
    expect(state.placed).toBeNull();
    expect(state.shippingOption).toBe('economy');
    expect(reduce(state, reviewConfirmed()).step).toBe(2);
  });

  it('a changed address forgets the placed order; typing the same value does not', () => {
    expect(reduce(atPayment(), customerFieldEdited({ field: 'email', value: 'jane@example.co.uk' })).placed).toEqual(placed);
    expect(reduce(atPayment(), customerFieldEdited({ field: 'city', value: 'Bristol' })).placed).toBeNull();
    expect(reduce(atPayment(), addressLookedUp({ line1: '2 Example Road', line2: '', city: 'Testtown', postalCode: 'ID1 1QD' })).placed).toBeNull();
  });

  it("editing a field clears its error only; the banner goes with the last", () => {
    let state = reduce(
      initialHardwareCheckoutState(),
      addressRejected({ errors: { email: 'Email is required', city: 'City is required' }, banner: 'Please check the highlighted fields.' }),
    );
    expect(state).toMatchObject({ step: 3, addressBanner: 'Please check the highlighted fields.' });
    state = reduce(state, customerFieldEdited({ field: 'email', value: 'j' }));
    expect(state.fieldErrors).toEqual({ city: 'City is required' });
    expect(state.addressBanner).toBe('Please check the highlighted fields.');
    state = reduce(state, addressLookedUp({ line1: '1 Example Road', line2: '', city: 'Testtown', postalCode: 'ID1 1QD' }));
    expect(state.fieldErrors).toEqual({});
    expect(state.addressBanner).toBeNull();
  });

  it('a refused payment keeps the order for another card; paid is final', () => {
    let state = reduce(atPayment(), paymentStarted());
    expect(state.payment).toEqual({ status: 'processing', error: null });
    state = reduce(state, paymentFailed('Your card was declined. Please contact your bank or try a different card.'));
    expect(state).toMatchObject({ step: 5, placed, payment: { status: 'failed' } });
    state = reduce(state, paymentStarted(), orderPaid({ notice: null }));
    expect(state.payment).toEqual({ status: 'succeeded', error: null });
    expect(reduce(state, stepBack()).step).toBe(5);
  });

  it('opening the page starts at step 1 with the form kept and no placed order; after a paid order, from scratch', () => {
    const reopened = reduce(atPayment(), checkoutOpened());
    expect(reopened).toMatchObject({ step: 1, placed: null, shippingOption: 'saturday' });
    expect(reopened.customer.email).toBe('jane@example.co.uk');
    expect(reduce(atPayment(), orderPaid({ notice: null }), checkoutOpened())).toEqual(initialHardwareCheckoutState());
    expect(reduce(atPayment(), checkoutReset())).toEqual(initialHardwareCheckoutState());
  });
});
