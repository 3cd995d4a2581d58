import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { cardPaymentTiming } from '../../../lib/card-payment/run-card-payment';
import { fullPageLoad } from '../../../lib/full-page-load';
import { installFakeStripe } from '../../../testing/fake-stripe';
import { CART_ID } from '../../../testing/fixtures';
import { jsonResponse } from '../../../testing/mock-fetch';
import { paymentRetryTiming } from '../api';
import {
  amountsFor,
  fakeHardwareCheckoutServer,
  GRP2601,
  ORDER_SECRET,
  T54W,
  type FakeHardwareCheckoutOptions,
} from '../testing/fake-hardware-checkout-server';
import type { HardwareQuote } from '../types';
import { fillAddress, paymentMethodsByCard, renderHardwareCheckout, storeWithCartId, typeCard } from '../testing/render-hardware-checkout';

vi.mock('../../../lib/full-page-load', () => ({ fullPageLoad: vi.fn(), openExternal: vi.fn() }));

const CARDS = { ok: '4242424242424242', declined: '4000000000000341', threeDSecure: '4000002760003184' };

beforeEach(() => {
  vi.mocked(fullPageLoad).mockClear();
  vi.spyOn(paymentRetryTiming, 'sleep').mockResolvedValue(undefined);
  vi.spyOn(cardPaymentTiming, 'sleep').mockResolvedValue(undefined);
});

const stepHeading = () => screen.getByRole('heading', { level: 2, name: /^(Order Summary|Shipping Options|Shipping Address|Review Order|Payment)$/ });
const button = (name: string) => screen.getByRole('button', { name });
/** The value next to a <dt>. */
const valueOf = (container: HTMLElement, term: string) => within(container).getByText(term).nextElementSibling;

/** The server, the fake Stripe (payment methods named after the card) and the page at step 1. */
async function open(options: FakeHardwareCheckoutOptions = {}) {
  const server = fakeHardwareCheckoutServer(options);
  const stripe = installFakeStripe();
  paymentMethodsByCard(stripe.confirmCardSetup);
  const user = userEvent.setup();
  const view = renderHardwareCheckout();
  await screen.findByRole('heading', { level: 2, name: 'Order Summary' });
  return { server, stripe, user, ...view };
}

async function toShipping(user: UserEvent) {
  await user.click(button('Continue to Shipping Options'));
  await screen.findByRole('heading', { level: 2, name: 'Shipping Options' });
}

async function toAddress(user: UserEvent, option = 'SATURDAY - DPD') {
  await toShipping(user);
  await user.click(screen.getByRole('radio', { name: option }));
  await user.click(button('Continue to Shipping Address'));
  await screen.findByRole('heading', { level: 2, name: 'Shipping Address' });
}

async function toReview(user: UserEvent, option = 'SATURDAY - DPD') {
  await toAddress(user, option);
  await fillAddress(user);
  await user.click(button('Review Order'));
  await screen.findByRole('heading', { level: 2, name: 'Review Order' });
  await screen.findByRole('button', { name: 'Complete Order' });
}

async function toPayment(user: UserEvent, option = 'SATURDAY - DPD') {
  await toReview(user, option);
  await user.click(button('Complete Order'));
  await screen.findByRole('heading', { level: 2, name: 'Payment' });
  await screen.findByPlaceholderText('number');
}

const payButton = () => screen.getByRole('button', { name: /^(Pay £|Processing\.\.\.)/ });
const cardAlert = () => within(screen.getByRole('group', { name: 'Card details' }).parentElement as HTMLElement).queryByRole('alert');

describe('entry rules', () => {
  it('no cart id in storage: home', async () => {
    fakeHardwareCheckoutServer();
    const { history } = renderHardwareCheckout(storeWithCartId(null));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home page' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/');
    expect(history.action).toBe('REPLACE');
  });

  it('a cart the server does not know: home, and the stored id is forgotten', async () => {
    fakeHardwareCheckoutServer({ cartMissing: true });
    const store = storeWithCartId();
    const { history } = renderHardwareCheckout(store);
    expect(await screen.findByRole('heading', { level: 1, name: 'Home page' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/');
    expect(store.getState().cart.cartId).toBeNull();
    expect(window.localStorage.getItem('cartId')).toBeNull();
  });

  it('a cart without desk phones (422 no_hardware): the service checkout', async () => {
    fakeHardwareCheckoutServer({ lines: [], withServices: true });
    const { history } = renderHardwareCheckout();
    expect(await screen.findByRole('heading', { level: 1, name: 'Service checkout' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/checkout');
  });
});

describe('steps 1 and 2', () => {
  it('the progress shows five steps with the current one marked; step 1 lists the phones and the server totals without shipping', async () => {
    await open({ withServices: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Hardware Checkout' })).toBeInTheDocument();
    const progress = screen.getByRole('navigation', { name: 'Checkout progress' });
    expect(within(progress).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1Order Summary',
      '2Shipping Options',
      '3Shipping Address',
      '4Review Order',
      '5Payment',
    ]);
    expect(within(progress).getByText('Order Summary').closest('li')).toHaveAttribute('aria-current', 'step');

    const lines = within(screen.getByRole('list', { name: 'Desk phones' })).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]).getByRole('img', { name: 'Yealink T54W' })).toHaveAttribute('src', T54W.imageUrl);
    expect(lines[0]).toHaveTextContent('Qty: 2');
    expect(lines[0]).toHaveTextContent(T54W.shortDesc ?? '');
    expect(lines[0]).toHaveTextContent('£128.00');
    // No picture, no short description, one of it.
    expect(within(lines[1]).getByRole('img', { name: 'Grandstream GRP2601: no image' })).toBeInTheDocument();
    expect(lines[1]).toHaveTextContent('Hardware item');
    expect(lines[1]).not.toHaveTextContent('Qty:');
    expect(lines[1]).toHaveTextContent('£35.00');
    // Only the desk phones: the cart's service is not here.
    expect(screen.queryByText(/Single User/)).not.toBeInTheDocument();

    const list = screen.getByText('Subtotal', { selector: 'dt' }).closest('dl') as HTMLElement;
    expect(list).toHaveAccessibleName('Totals');
    expect(within(list).getAllByRole('term').map((term) => term.textContent)).toEqual(['Subtotal', 'VAT (20%)', 'Total']);
    expect(valueOf(list, 'Subtotal')).toHaveTextContent('£163.00');
    expect(valueOf(list, 'VAT (20%)')).toHaveTextContent('£32.60');
    expect(valueOf(list, 'Total')).toHaveTextContent('£195.60');
    expect(screen.getByText(/Shipping is calculated in the next step/)).toBeInTheDocument();
  });

  it('step 2: the four options with description and price; Continue waits for a choice; Back; the page scrolls to the top each step', async () => {
    const { user } = await open();
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 0));
    vi.mocked(window.scrollTo).mockClear();
    await toShipping(user);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    expect(within(screen.getByRole('navigation', { name: 'Checkout progress' })).getByText('Shipping Options').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );

    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['economy', 'standard', 'express', 'saturday']);
    expect(screen.getByRole('radio', { name: 'Economy 3 Day - DPD' })).toHaveAccessibleDescription('Delivered in 3 working days £4.00');
    expect(screen.getByRole('radio', { name: 'Royal Mail Special (Non-Guaranteed)' })).toHaveAccessibleDescription(/£8\.45$/);
    expect(screen.getByRole('radio', { name: 'SATURDAY - DPD' })).toHaveAccessibleDescription(/£15\.00$/);
    for (const radio of radios) expect(radio).not.toBeChecked();
    expect(button('Continue to Shipping Address')).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Next Business Day - DPD' }));
    expect(screen.getByRole('radio', { name: 'Next Business Day - DPD' })).toBeChecked();
    expect(button('Continue to Shipping Address')).toBeEnabled();

    vi.mocked(window.scrollTo).mockClear();
    await user.click(button('Back'));
    expect(stepHeading()).toHaveTextContent('Order Summary');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    await toShipping(user);
    expect(screen.getByRole('radio', { name: 'Next Business Day - DPD' })).toBeChecked();
  });
});

describe('step 3: the shipping address', () => {
  it("an empty form shows each field's message, linked to its input; editing a field clears its own message", async () => {
    const { user } = await open();
    await toAddress(user);
    const form = screen.getByRole('form', { name: 'Shipping address' });
    expect(within(form).getByLabelText('Country')).toHaveValue('GB');
    expect(within(within(form).getByLabelText('Country')).getAllByRole('option').map((option) => option.textContent)).toEqual(['United Kingdom', 'Ireland']);

    await user.click(button('Review Order'));
    expect(stepHeading()).toHaveTextContent('Shipping Address');
    const expected: [string, string][] = [
      ['Email', 'Email is required'],
      ['First Name', 'First name is required'],
      ['Last Name', 'Last name is required'],
      ['Phone Number', 'Phone number is required'],
      ['Address Line 1', 'Address line 1 is required'],
      ['City', 'City is required'],
    ];
    for (const [label, message] of expected) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
    }
    expect(screen.getByLabelText('Postal Code')).toHaveAccessibleDescription(/^Postal code is required/);
    expect(screen.getByLabelText('Address Line 2 (optional)')).not.toHaveAttribute('aria-invalid');

    await user.type(screen.getByLabelText('Email'), 'jane@example');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('City is required');

    await user.type(screen.getByLabelText('Postal Code'), 'ABC');
    await user.click(button('Review Order'));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is invalid');
    expect(screen.getByLabelText('Postal Code')).toHaveAccessibleDescription(/^Please enter a valid UK postal code/);

    // Ireland has no UK pattern.
    await user.selectOptions(screen.getByLabelText('Country'), 'Ireland');
    await user.clear(screen.getByLabelText('Email'));
    await fillAddress(user, { postalCode: '', email: 'jane@example.ie' });
    await user.click(button('Review Order'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Review Order' })).toBeInTheDocument();
  });

  it('the postcode lookup fills the address lines', async () => {
    const { user } = await open();
    await toAddress(user);
    await user.type(screen.getByLabelText('Postal Code'), 'id1 1qd');
    const suggestion = await screen.findByRole('button', { name: 'Flat 2, Idea House, Example Road, Testtown, ID1 1QD' }, { timeout: 2000 });
    await user.click(suggestion);
    expect(screen.getByLabelText('Address Line 1')).toHaveValue('Flat 2');
    expect(screen.getByLabelText('Address Line 2 (optional)')).toHaveValue('Idea House, Example Road');
    expect(screen.getByLabelText('City')).toHaveValue('Testtown');
    expect(screen.getByLabelText('Postal Code')).toHaveValue('ID1 1QD');
    expect(screen.queryByRole('list', { name: 'Address suggestions' })).not.toBeInTheDocument();
  });
});

describe('step 4: Review Order', () => {
  it.each([
    // 16300 + shipping; VAT 20% of both, rounded half up.
    ['Economy 3 Day - DPD', 'DPD', '£4.00', '£33.40', '£200.40'],
    ['Next Business Day - DPD', 'DPD', '£8.00', '£34.20', '£205.20'],
    ['Royal Mail Special (Non-Guaranteed)', 'Royal Mail', '£8.45', '£34.29', '£205.74'],
    ['SATURDAY - DPD', 'DPD', '£15.00', '£35.60', '£213.60'],
  ])('%s: the totals with shipping from the server', async (option, carrier, shipping, vat, total) => {
    const { user } = await open();
    await toReview(user, option);
    expect(screen.getByRole('region', { name: 'Shipping' })).toHaveTextContent(`${option} (${carrier}): ${shipping}`);
    const list = screen.getByText('Shipping', { selector: 'dt' }).closest('dl') as HTMLElement;
    expect(within(list).getAllByRole('term').map((term) => term.textContent)).toEqual(['Subtotal', 'Shipping', 'VAT (20%)', 'Total']);
    expect(valueOf(list, 'Subtotal')).toHaveTextContent('£163.00');
    expect(valueOf(list, 'Shipping')).toHaveTextContent(shipping);
    expect(valueOf(list, 'VAT (20%)')).toHaveTextContent(vat);
    expect(valueOf(list, 'Total')).toHaveTextContent(total);
  });

  it('shows the phones, the customer and the address', async () => {
    const { user } = await open();
    await toReview(user);
    expect(within(screen.getByRole('region', { name: 'Items' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Yealink T54WQty: 2£128.00',
      'Grandstream GRP2601£35.00',
    ]);
    expect(screen.getByRole('region', { name: 'Customer' })).toHaveTextContent('Jane Smithjane@example.co.uk020 7946 0123');
    expect(screen.getByRole('region', { name: 'Delivery Address' })).toHaveTextContent('10 Downing StreetLondonSW1A 2AAUnited Kingdom');
  });

  it('Complete Order places the order (the cart, option and customer) and opens the payment for its total', async () => {
    const { user, server } = await open();
    await toPayment(user);
    expect(server.posted('/api/hardware-orders')).toEqual([
      {
        cartId: CART_ID,
        shippingOption: 'saturday',
        // The version of the quote shown for Saturday delivery.
        quoteVersion: server.quoteVersion('saturday'),
        customerInfo: {
          email: 'jane@example.co.uk',
          firstName: 'Jane',
          lastName: 'Smith',
          phone: '020 7946 0123',
          address: { line1: '10 Downing Street', line2: '', city: 'London', postalCode: 'SW1A 2AA', country: 'GB' },
        },
      },
    ]);
    expect(payButton()).toHaveTextContent('Pay £213.60');
    expect(screen.getByLabelText('Billing Country')).toHaveValue('GB');
    expect(within(screen.getByLabelText('Billing Country')).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual([
      'GB', 'US', 'CA', 'AU', 'NZ', 'IE', 'FR', 'DE', 'ES', 'IT',
    ]);
    // The order's secret stays in memory until paid: not in storage, not in the URL.
    expect(JSON.stringify({ ...window.localStorage }) + JSON.stringify({ ...window.sessionStorage })).not.toContain(ORDER_SECRET);
  });

  it("a phone that can no longer be bought: the server's sentence in an alert, still on Review", async () => {
    const refusal = { error: 'Yealink T54W is no longer available. Please remove it from your cart.', code: 'hardware_unavailable' };
    const { user } = await open({ extra: { 'POST /api/hardware-orders': () => jsonResponse(refusal, 422) } });
    await toReview(user);
    await user.click(button('Complete Order'));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal.error);
    expect(stepHeading()).toHaveTextContent('Review Order');
    expect(button('Complete Order')).toBeEnabled();
  });

  it("the server's field errors (422 invalid_fields) show on the address form's fields", async () => {
    const refusal = {
      error: 'Please check the highlighted fields.',
      code: 'invalid_fields',
      fieldErrors: { postalCode: 'Please enter a valid UK postal code', phone: 'Phone number is required' },
    };
    const { user } = await open({ extra: { 'POST /api/hardware-orders': () => jsonResponse(refusal, 422) } });
    await toReview(user);
    await user.click(button('Complete Order'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Shipping Address' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
    expect(screen.getByLabelText('Postal Code')).toHaveAccessibleDescription(/^Please enter a valid UK postal code/);
    expect(screen.getByLabelText('Phone Number')).toHaveAccessibleDescription('Phone number is required');
  });

  it('back from Payment with nothing changed pays the same order; another shipping option places a new one', async () => {
    const { user, server } = await open();
    await toPayment(user);
    await user.click(button('Back'));
    await user.click(await screen.findByRole('button', { name: 'Complete Order' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });
    expect(server.posted('/api/hardware-orders')).toHaveLength(1);

    await user.click(button('Back'));
    await screen.findByRole('button', { name: 'Complete Order' });
    await user.click(button('Back'));
    await user.click(button('Back'));
    await user.click(screen.getByRole('radio', { name: 'Economy 3 Day - DPD' }));
    await user.click(button('Continue to Shipping Address'));
    await user.click(button('Review Order'));
    await user.click(await screen.findByRole('button', { name: 'Complete Order' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });
    expect(server.posted('/api/hardware-orders').map((body) => body.shippingOption)).toEqual(['saturday', 'economy']);
    expect(payButton()).toHaveTextContent('Pay £200.40');
  });
});

describe('step 5: Payment', () => {
  it('pays: card setup with the billing details, create then confirm, the order kept in this tab, the thank-you page, the cart read again', async () => {
    const { user, server, stripe, store, history } = await open();
    await toPayment(user);
    // The version the order was placed on (once paid, the cart has no phones left to quote).
    const placedOn = server.quoteVersion('saturday');
    await user.selectOptions(screen.getByLabelText('Billing Country'), 'France');
    await typeCard(user, CARDS.ok);
    await user.click(payButton());

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Order!' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/hardware-thank-you');
    const [order] = server.orders();
    expect(server.callsTo('POST', `/api/hardware-orders/${order.orderId}/card-setup`)).toHaveLength(1);
    expect(JSON.parse(server.callsTo('POST', `/api/hardware-orders/${order.orderId}/card-setup`)[0].body)).toEqual({ orderSecret: ORDER_SECRET });
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith(`seti_${order.orderNumber}_1_secret_abc`, {
      payment_method: {
        card: stripe.elements.at(-1),
        billing_details: {
          name: 'Jane Smith',
          email: 'jane@example.co.uk',
          phone: '020 7946 0123',
          address: { line1: '10 Downing Street', line2: '', city: 'London', postal_code: 'SW1A 2AA', country: 'FR' },
        },
      },
    });
    expect(server.posted('/api/create-hardware-payment/')).toEqual([
      {
        order_id: order.orderId,
        order_secret: ORDER_SECRET,
        payment_method_id: `pm_card_${CARDS.ok}`,
        amount: 21360,
        customer_email: 'jane@example.co.uk',
        customer_name: 'Jane Smith',
        customer_phone: '020 7946 0123',
        shipping_address: { line1: '10 Downing Street', line2: '', city: 'London', postalCode: 'SW1A 2AA', country: 'GB' },
        shipping_option: 'saturday',
        hardware_items: [
          { id: T54W.productId, name: T54W.name, quantity: 2, price: 6400 },
          { id: GRP2601.productId, name: GRP2601.name, quantity: 1, price: 3500 },
        ],
        payment_type: 'hardware_purchase',
        quote_version: placedOn,
      },
    ]);
    expect(server.callsTo('POST', '/api/create-hardware-payment/')[0].url.searchParams.get('_')).toMatch(/^\d+$/);
    expect(server.posted('/api/confirm-hardware-payment/')).toEqual([
      { paymentIntentId: 'pi_001abcdefgh', orderId: order.orderId, orderSecret: ORDER_SECRET },
    ]);
    expect(JSON.parse(window.sessionStorage.getItem('hardwareOrder') ?? 'null')).toEqual({
      orderId: order.orderId,
      orderSecret: ORDER_SECRET,
      orderNumber: order.orderNumber,
      paymentIntentId: 'pi_001abcdefgh',
      confirmationStatus: 'confirmed',
    });
    expect(JSON.stringify({ ...window.localStorage })).not.toContain(ORDER_SECRET);
    expect(history.location.search + history.location.hash).toBe('');

    // The server took the phones out: the emptied cart is read again and forgotten.
    await waitFor(() => expect(store.getState().cart.cartId).toBeNull());
    expect(window.localStorage.getItem('cartId')).toBeNull();
    expect(server.callsTo('GET', `/api/carts/${CART_ID}`).length).toBeGreaterThan(0);
    // The app's navigation happened: no hard page load.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(fullPageLoad).not.toHaveBeenCalled();
  });

  it("'Processing...' and disabled while paying", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { user } = await open({
      extra: {
        'POST /api/hardware-orders/:id/card-setup': async () => {
          await held;
          return jsonResponse({ error: 'This order has expired. Please check out again.', code: 'order_cancelled' }, 409);
        },
      },
    });
    await toPayment(user);
    await typeCard(user);
    await user.click(payButton());
    expect(payButton()).toHaveTextContent('Processing...');
    expect(payButton()).toBeDisabled();
    expect(button('Back')).toBeDisabled();
    release();
    expect(await screen.findByText('This order has expired. Please check out again.')).toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Pay £213.60');
    expect(payButton()).toBeEnabled();
  });

  it('an incomplete card says so and calls nothing', async () => {
    const { user, server } = await open();
    await toPayment(user);
    await user.type(screen.getByPlaceholderText('number'), '4242');
    await user.click(payButton());
    expect(cardAlert()).toHaveTextContent('Please complete your card details.');
    expect(server.callsTo('POST', '/api/create-hardware-payment/')).toHaveLength(0);
  });

  it('Stripe.js that does not load: payment processing is not available', async () => {
    fakeHardwareCheckoutServer({ extra: { 'GET /api/checkout/config': () => jsonResponse({ error: 'down', code: 'x' }, 500) } });
    const user = userEvent.setup();
    renderHardwareCheckout();
    await screen.findByRole('heading', { level: 2, name: 'Order Summary' });
    await toReview(user);
    await user.click(button('Complete Order'));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });
    expect(cardAlert()).toHaveTextContent('Payment processing is not available. Please try again.');
    await user.click(payButton());
    expect(cardAlert()).toHaveTextContent('Payment processing is not available. Please try again.');
  });

  it('a declined card shows the sentence for its decline code; another card pays the same order with a new card setup', async () => {
    const { user, server } = await open({
      payment: (method) => (method === `pm_card_${CARDS.declined}` ? { code: 'card_declined', decline_code: 'insufficient_funds' } : 'succeeded'),
    });
    await toPayment(user);
    await typeCard(user, CARDS.declined);
    await user.click(payButton());
    await waitFor(() => expect(cardAlert()).toHaveTextContent('Your card has insufficient funds. Please try a different payment method.'));
    expect(screen.getByRole('group', { name: 'Card details' })).toHaveAccessibleDescription(
      'Your card has insufficient funds. Please try a different payment method.',
    );
    expect(payButton()).toBeEnabled();
    expect(stepHeading()).toHaveTextContent('Payment');

    await typeCard(user, CARDS.ok);
    await user.click(payButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Order!' })).toBeInTheDocument();
    const [order] = server.orders();
    expect(server.orders()).toHaveLength(1);
    expect(server.callsTo('POST', `/api/hardware-orders/${order.orderId}/card-setup`)).toHaveLength(2);
    expect(server.posted('/api/create-hardware-payment/').map((body) => [body.order_id, body.payment_method_id])).toEqual([
      [order.orderId, `pm_card_${CARDS.declined}`],
      [order.orderId, `pm_card_${CARDS.ok}`],
    ]);
  });

  it('3-D Secure: requires_action runs confirmCardPayment with the client secret, then confirms', async () => {
    const { user, server, stripe } = await open({ payment: () => 'requires_action' });
    await toPayment(user);
    await typeCard(user, CARDS.threeDSecure);
    await user.click(payButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Order!' })).toBeInTheDocument();
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_001abcdefgh_secret_3ds');
    expect(server.posted('/api/confirm-hardware-payment/')[0]).toMatchObject({ paymentIntentId: 'pi_001abcdefgh' });
  });

  it('3-D Secure refused: the sentence under the card, nothing confirmed', async () => {
    const { user, server, stripe } = await open({ payment: () => 'requires_action' });
    stripe.confirmCardPayment.mockResolvedValue({
      error: { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'The provided PaymentMethod has failed authentication.' },
    });
    await toPayment(user);
    await typeCard(user);
    await user.click(payButton());
    await waitFor(() => expect(cardAlert()).toHaveTextContent('The provided PaymentMethod has failed authentication.'));
    expect(server.callsTo('POST', '/api/confirm-hardware-payment/')).toHaveLength(0);
    expect(payButton()).toBeEnabled();
  });

  it("the bank still processing (409 payment_processing): the same card asked again, then paid", async () => {
    const stillProcessing = () => jsonResponse({ error: 'Your bank is still processing the payment. Please wait a moment and try again.', code: 'payment_processing' }, 409);
    let asked = 0;
    const { user, server } = await open({ payment: () => ((asked += 1) <= 2 ? stillProcessing() : 'succeeded') });
    await toPayment(user);
    await typeCard(user);
    await user.click(payButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Order!' })).toBeInTheDocument();
    const charges = server.posted<{ payment_method_id: string }>('/api/create-hardware-payment/');
    expect(charges).toHaveLength(3);
    expect(new Set(charges.map((charge) => charge.payment_method_id)).size).toBe(1);
    expect(server.callsTo('POST', '/api/confirm-hardware-payment/')).toHaveLength(1);
  });

  it('the bank processing past the last retry shows its sentence under the card; nothing confirmed', async () => {
    const { user, server } = await open({
      payment: () => jsonResponse({ error: 'Your bank is still processing the payment. Please wait a moment and try again.', code: 'payment_processing' }, 409),
    });
    await toPayment(user);
    await typeCard(user);
    await user.click(payButton());
    await waitFor(() => expect(cardAlert()).toHaveTextContent('Your bank is still processing the payment. Please wait a moment and try again.'));
    expect(server.callsTo('POST', '/api/create-hardware-payment/')).toHaveLength(3);
    expect(server.callsTo('POST', '/api/confirm-hardware-payment/')).toHaveLength(0);
  });

  it('a failing payment service says so (502 that is not JSON, after no retry)', async () => {
    const { user, server } = await open({
      extra: { 'POST /api/create-hardware-payment/': () => new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }) },
    });
    await toPayment(user);
    await typeCard(user);
    await user.click(payButton());
    await waitFor(() => expect(cardAlert()).toHaveTextContent('Payment service unavailable (502 Bad Gateway). Please try again later.'));
    expect(server.callsTo('POST', '/api/create-hardware-payment/')).toHaveLength(1);
  });

  it('confirmation failing after the payment worked: payment-only with temp-{id}, and on to the thank-you page', async () => {
    const { user, server } = await open({ confirm: () => jsonResponse({ error: 'Internal error', code: 'internal' }, 500) });
    await toPayment(user);
    await typeCard(user);
    await user.click(payButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Order!' })).toBeInTheDocument();
    const [order] = server.orders();
    expect(JSON.parse(window.sessionStorage.getItem('hardwareOrder') ?? 'null')).toEqual({
      orderId: order.orderId,
      orderSecret: ORDER_SECRET,
      orderNumber: order.orderNumber,
      paymentIntentId: 'pi_001abcdefgh',
      confirmationStatus: 'payment-only',
      reference: 'temp-pi_001abcdefgh',
    });
    expect(await screen.findByRole('region', { name: 'Your payment went through' })).toHaveTextContent('temp-pi_001abcdefgh');
  });

  it('paid, but the order cannot be kept in this tab: the sentence with the payment reference', async () => {
    const { user, history } = await open();
    await toPayment(user);
    await typeCard(user);
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('QuotaExceededError');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await user.click(payButton());
    expect(await screen.findByText(/^Your payment was successful, but we encountered an error displaying the confirmation/)).toHaveTextContent(
      'Please contact customer support with your payment reference: pi_001abcdefgh',
    );
    setItem.mockRestore();
    expect(history.location.pathname).toBe('/hardware-checkout');
    expect(payButton()).toBeDisabled();
  });
});

describe('live prices', () => {
  const CHANGED = 'The price of Yealink T54W changed from £64.00 to £69.00';
  const totals = () => screen.getByText('Subtotal', { selector: 'dt' }).closest('dl') as HTMLElement;

  it("a phone whose price changed since it went into the cart: the server's sentence above the order summary, at step 1 and at Review, the totals at today's price", async () => {
    const { user } = await open({ pricesToday: { [T54W.productId]: 6900 } });
    expect(screen.getByRole('status')).toHaveTextContent(CHANGED);
    expect(screen.getByRole('status').textContent).toBe(CHANGED);
    // Above the phones and the totals.
    expect(screen.getByRole('status').compareDocumentPosition(screen.getByRole('list', { name: 'Desk phones' }))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    // £138.00 + £35.00 = £173.00, £34.60 VAT.
    expect(valueOf(totals(), 'Total')).toHaveTextContent('£207.60');

    await toReview(user);
    expect(screen.getByRole('status')).toHaveTextContent(CHANGED);
    // With Saturday delivery: £188.00 + £37.60 VAT.
    expect(valueOf(totals(), 'Total')).toHaveTextContent('£225.60');
    await user.click(button('Complete Order'));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });
    expect(payButton()).toHaveTextContent('Pay £225.60');
  });

  it("the price changes before Complete Order (409 price_changed): nothing placed, the new total, the change and the server's sentence; the next click places the order at the new version", async () => {
    const { user, server } = await open();
    await toReview(user);
    expect(valueOf(totals(), 'Total')).toHaveTextContent('£213.60');
    const shown = server.quoteVersion('saturday');
    server.setPrice(T54W.productId, 6900);

    await user.click(button('Complete Order'));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${CHANGED}. Please check the new total and try again.`);
    expect(screen.getByRole('status')).toHaveTextContent(CHANGED);
    expect(valueOf(totals(), 'Total')).toHaveTextContent('£225.60');
    expect(stepHeading()).toHaveTextContent('Review Order');
    expect(server.orders()).toHaveLength(0);

    await user.click(button('Complete Order'));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });
    expect(payButton()).toHaveTextContent('Pay £225.60');
    expect(server.posted('/api/hardware-orders').map((body) => body.quoteVersion)).toEqual([shown, server.quoteVersion('saturday')]);
    expect(shown).not.toBe(server.quoteVersion('saturday'));
    expect(server.orders()).toHaveLength(1);
  });

  it('after a 409 price_changed at Review, going back to the Order Summary shows the new prices there too', async () => {
    const { user, server } = await open();
    await toReview(user);
    server.setPrice(T54W.productId, 6900);
    await user.click(button('Complete Order'));
    await screen.findByRole('alert');
    for (let step = 0; step < 3; step += 1) await user.click(button('Back'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Order Summary' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(CHANGED);
    expect(valueOf(totals(), 'Total')).toHaveTextContent('£207.60');
  });

  it("paying on another version than the order's (409 price_changed): nothing charged, the order's total and the server's sentence under the card; the next Pay names the order's version", async () => {
    const sentence = 'The prices changed since this page was loaded. Please check the new total and try again.';
    const saturday = { id: 'saturday', name: 'SATURDAY - DPD', description: 'Saturday delivery', carrier: 'DPD', pricePence: 1500 };
    const orderQuote: HardwareQuote = {
      lines: [{ ...T54W, unitPricePence: 6900, linePence: 13800 }, GRP2601],
      shipping: saturday,
      amounts: amountsFor(17300, 1500),
      version: 'q-the-orders-own',
      priceChanges: [],
    };
    const { user, server } = await open({
      extra: {
        'POST /api/create-hardware-payment/': async (request) => {
          const body = (await request.json()) as { quote_version?: string };
          if (body.quote_version !== orderQuote.version) return jsonResponse({ error: sentence, code: 'price_changed', quote: orderQuote }, 409);
          return jsonResponse({ error: 'Your card was declined.', code: 'card_declined', decline_code: null }, 402);
        },
      },
    });
    await toPayment(user);
    expect(payButton()).toHaveTextContent('Pay £213.60');
    await typeCard(user, CARDS.ok);
    await user.click(payButton());
    await waitFor(() => expect(cardAlert()).toHaveTextContent(sentence));
    expect(payButton()).toHaveTextContent('Pay £225.60');
    expect(payButton()).toBeEnabled();

    await user.click(payButton());
    await waitFor(() => expect(cardAlert()).toHaveTextContent(/declined/));
    const posted = server.posted('/api/create-hardware-payment/');
    expect(posted.map((body) => [body.quote_version, body.amount])).toEqual([
      [server.quoteVersion('saturday'), 21360],
      ['q-the-orders-own', 22560],
    ]);
  });
});
