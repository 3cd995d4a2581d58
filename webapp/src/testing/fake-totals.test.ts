import { describe, expect, it } from 'vitest';
import cases from './cart-totals-cases.json';
import { cartTotals, fakeTotals } from './fake-totals';

describe('fakeTotals', () => {
  it.each(cases.map((entry) => [entry.name, entry] as const))('%s', (_name, { input, expected }) => {
    expect(fakeTotals(input)).toMatchObject(expected);
  });

  it('every total adds up: due today is the services with their VAT, the cart total adds the desk phones with theirs', () => {
    for (const { input } of cases) {
      const totals = fakeTotals(input);
      expect(totals.serviceDueTodayPence).toBe(totals.subscriptionTotalIncVatPence + totals.topUpTotalIncVatPence);
      expect(totals.cartTotalIncVatPence).toBe(input.subscriptionSubtotalPence + input.topUpSubtotalPence + input.hardwarePence + totals.cartVatPence);
    }
  });
});

describe('cartTotals', () => {
  it('adds the package, add-ons and numbers into the subscription and recomputes the figures it is given', () => {
    const services = cartTotals({ billingCycle: 'yearly', packagePence: 9580, addOnsPence: 7680, numbersPence: 1920 });
    expect(services).toMatchObject({ subscriptionSubtotalPence: 19180, subscriptionVatPence: 3836, serviceDueTodayPence: 23016, cartTotalIncVatPence: 23016 });
    expect(cartTotals({ ...services, hardwarePence: 30000 })).toMatchObject({
      billingCycle: 'yearly',
      serviceDueTodayPence: 23016,
      hardwareVatPence: 6000,
      cartVatPence: 9836,
      cartTotalIncVatPence: 59016,
    });
  });
});
