import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import { makeStore, type AppStore } from '../../../app/store';
import { useHardwareCheckoutCart } from '../../../app/use-hardware-checkout-cart';
import type { ConfirmCardSetup } from '../../../testing/fake-stripe';
import { CART_ID } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { HardwareCheckoutPage } from '../routes/hardware-checkout-page';
import { HardwareThankYouPage } from '../routes/hardware-thank-you-page';

/** A store whose cart id is `cartId` (as read from localStorage `cartId`), also written to localStorage. */
export function storeWithCartId(cartId: string | null = CART_ID): AppStore {
  if (cartId) window.localStorage.setItem('cartId', cartId);
  return makeStore({ cart: { cartId, dropdownOpen: false } });
}

function JoinedCheckout() {
  return <HardwareCheckoutPage cart={useHardwareCheckoutCart()} />;
}

function JoinedThankYou() {
  return <HardwareThankYouPage cart={useHardwareCheckoutCart()} />;
}

const landings: RouteObject[] = [
  { path: '/', element: <h1>Home page</h1> },
  { path: '/checkout', element: <h1>Service checkout</h1> },
  { path: '/contact', element: <h1>Contact page</h1> },
];

/** The hardware checkout joined to the cart as the app does, with the real thank-you page behind it. */
export function renderHardwareCheckout(store: AppStore = storeWithCartId()) {
  return renderWithProviders(<JoinedCheckout />, {
    store,
    route: '/hardware-checkout',
    extraRoutes: [{ path: '/hardware-thank-you', element: <JoinedThankYou /> }, ...landings],
  });
}

/** The thank-you page alone, joined to the cart. */
export function renderHardwareThankYou(store: AppStore = storeWithCartId()) {
  return renderWithProviders(<JoinedThankYou />, { store, route: '/hardware-thank-you', extraRoutes: landings });
}

/** Payment methods named after the card typed into the fake card element: pm_card_{number}. */
export function paymentMethodsByCard(confirmCardSetup: { mockImplementation: (impl: ConfirmCardSetup) => unknown }) {
  confirmCardSetup.mockImplementation(async (clientSecret, data) => ({
    setupIntent: {
      id: clientSecret.split('_secret_')[0],
      status: 'succeeded',
      payment_method: `pm_card_${data.payment_method.card.value?.card?.number ?? ''}`,
    },
  }));
}

/** Types a card into the stand-in's inputs (expiry 12/30, CVC 123). */
export async function typeCard(user: UserEvent, number = '4242424242424242') {
  const numberInput = screen.getByPlaceholderText('number');
  await user.clear(numberInput);
  await user.type(numberInput, number);
  const rest: [string, string][] = [
    ['exp_month', '12'],
    ['exp_year', '30'],
    ['cvc', '123'],
  ];
  for (const [placeholder, value] of rest) {
    const input = screen.getByPlaceholderText(placeholder);
    if (!(input as HTMLInputElement).value) await user.type(input, value);
  }
}

/** Fills the shipping address form as a person does. */
export async function fillAddress(user: UserEvent, values: Partial<Record<string, string>> = {}) {
  const filled: [string, string][] = [
    ['Email', values.email ?? 'jane@example.co.uk'],
    ['First Name', values.firstName ?? 'Jane'],
    ['Last Name', values.lastName ?? 'Smith'],
    ['Phone Number', values.phone ?? '020 7946 0123'],
    ['Postal Code', values.postalCode ?? 'SW1A 2AA'],
    ['Address Line 1', values.line1 ?? '10 Downing Street'],
    ['City', values.city ?? 'London'],
  ];
  for (const [label, value] of filled) if (value) await user.type(screen.getByLabelText(label), value);
}
