import type { Cart, CartItem, Catalogue } from '../lib/api-types';
import { cartTotals } from './fake-totals';

export const catalogueFixture: Catalogue = {
  currency: 'GBP',
  vatPercent: 20,
  yearlyDiscountPercent: 20,
  topUp: { minimumPence: 1000, stepPence: 100, defaultPence: 1000 },
  plans: [
    {
      id: 'payAsYouGo', name: 'Pay As You Go', description: 'Pay per call', minUsers: 1, increment: 1, usersPerBlock: 1,
      monthlyPence: 0, yearlyPence: 0, includedNumbers: 0, extraNumber: { monthlyPence: 250, yearlyPence: 2400 },
      addOns: [{ id: 'callForwarding', name: 'Call Forwarding & Routing', monthlyPence: 200, yearlyPence: 1920 }],
      callRates: { ukLandlineTenthsOfPenny: 10, ukLandlineLabel: '1p', ukMobileTenthsOfPenny: 83, ukMobileLabel: '8.3p' },
    },
    {
      id: 'singleUser', name: 'Single User', description: 'One user', minUsers: 1, increment: 1, usersPerBlock: 1,
      monthlyPence: 499, yearlyPence: 4790, includedNumbers: 1, extraNumber: { monthlyPence: 200, yearlyPence: 1920 },
      addOns: [
        { id: 'callRecording', name: 'Call recording', monthlyPence: 800, yearlyPence: 7680 },
        { id: 'ivr', name: 'Interactive Voice Response', monthlyPence: 200, yearlyPence: 1920 },
      ],
    },
    {
      id: 'multiUser', name: 'Multi User', description: 'Teams', minUsers: 4, increment: 4, usersPerBlock: 4,
      monthlyPence: 1490, yearlyPence: 14304, includedNumbers: 2, extraNumber: { monthlyPence: 200, yearlyPence: 1920 },
      addOns: [],
    },
  ],
  priceList: {
    businessBroadband: {
      agreementMonths: 24,
      tiers: [
        { speedMbps: 100, speedLabel: '100 Mbps', monthlyPence: 6810 },
        { speedMbps: 500, speedLabel: '500 Mbps', monthlyPence: 11610 },
        { speedMbps: 1000, speedLabel: '1000 Mbps', monthlyPence: 13560 },
      ],
    },
    leasedLines: {
      agreementMonths: 36,
      tiers: [
        { speedMbps: 100, speedLabel: '100 Mbps', monthlyPence: 29000 },
        { speedMbps: 1000, speedLabel: '1 Gbps', monthlyPence: 35000 },
        { speedMbps: 10000, speedLabel: '10 Gbps', monthlyPence: 75000 },
      ],
    },
    voiceRecording: { pricePence: 2500, maxWords: 150 },
    residentialFromMonthlyPence: 800,
    businessFromMonthlyPence: 1490,
    cloudPbxFromMonthlyPence: 1490,
    cloudPbxToMonthlyPence: 4990,
    addOnsFromMonthlyPence: 200,
  },
  maxQuantity: 1000,
  trial: { days: 7, minutes: 50, verifyWithinHours: 24, maxExtensionDays: 7 },
  quoteRequests: { minNumbers: 11, maxNumbers: 1000, maxSites: 50 },
};

const zeroTotals = cartTotals();

export const CART_ID = '0b6c2b52-8d0e-4b8e-9a51-3f1f0c9f1a01';

export function emptyCart(overrides: Partial<Cart> = {}): Cart {
  return {
    id: CART_ID, version: 1, package: null, billingCycle: null, items: [], addOns: [], topUpPence: 0,
    phoneNumbers: [], hasSelectedNumbers: false, nextNumberIncluded: false, isTrialFlow: false, badgeCount: 0, hasHardware: false,
    hasServices: false, totals: zeroTotals, priceChanges: [], quoteVersion: 'qcart000000000001', ...overrides,
  };
}

/** Single User x2 yearly with call recording and one free number (the API.md example). */
export function serviceCart(overrides: Partial<Cart> = {}): Cart {
  return emptyCart({
    version: 4,
    package: 'singleUser',
    billingCycle: 'yearly',
    items: [{ id: 'single-yearly', name: 'Single User x2 (Yearly)', type: 'package', plan: 'singleUser', billingCycle: 'yearly', quantity: 2, unitPence: 4790, linePence: 9580 }],
    addOns: [{ id: 'callRecording', name: 'Call recording', type: 'addOn', billingCycle: 'yearly', originalPence: 9600, pricePence: 7680 }],
    phoneNumbers: [
      { value: '442079460123', displayValue: '020 7946 0123', provider: 'unknown', isTransfer: false, isPlaceholder: false, areaCode: '020', numberType: 'geographic', country: 'GB', free: true, pricePence: 0 },
      { value: '441614960000', displayValue: '0161 496 0000', provider: 'unknown', isTransfer: false, isPlaceholder: false, areaCode: '0161', numberType: 'geographic', country: 'GB', free: false, pricePence: 1920 },
    ],
    hasSelectedNumbers: true,
    badgeCount: 4,
    hasServices: true,
    // £191.80 + £38.36 VAT = £230.16 due today.
    totals: cartTotals({ billingCycle: 'yearly', packagePence: 9580, addOnsPence: 7680, numbersPence: 1920 }),
    ...overrides,
  });
}

type DeskPhoneLine = Partial<Pick<CartItem, 'name' | 'quantity' | 'unitPence'>>;

/** A line of desk phones: two Yealink T54W at £150.00 unless told otherwise. */
function deskPhone({ name = 'Yealink T54W', quantity = 2, unitPence = 15000 }: DeskPhoneLine = {}): CartItem {
  return { id: 'hw-yealink-t54w', name, type: 'hardware', quantity, unitPence, linePence: unitPence * quantity };
}

/** Desk phones only: £300.00 + £60.00 VAT by default; nothing is due in the service checkout. */
export function hardwareCart(phone: DeskPhoneLine = {}): Cart {
  const line = deskPhone(phone);
  return emptyCart({
    items: [line],
    badgeCount: 1,
    hasHardware: true,
    hasServices: false,
    totals: cartTotals({ hardwarePence: line.linePence }),
  });
}

/** serviceCart with desk phones: £230.16 due today in the service checkout, £590.16 for the whole cart by default. */
export function mixedCart(phone: DeskPhoneLine = {}): Cart {
  const cart = serviceCart();
  const line = deskPhone(phone);
  return {
    ...cart,
    items: [...cart.items, line],
    badgeCount: cart.badgeCount + 1,
    hasHardware: true,
    totals: cartTotals({ ...cart.totals, hardwarePence: line.linePence }),
  };
}
