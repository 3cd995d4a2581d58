import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../../../../lib/api-types';
import { catalogueFixture } from '../../../../testing/fixtures';
import { calculateSavings, divideRoundingHalfUp, planCost, recommendPlan } from './savings';

// The fixture is the server's price list: Single User £4.99, Multi User £14.90 per block of 4,
// Pay As You Go £0 with a £2.50 number and UK landline calls at 1p (10 tenths); VAT 20%.
const catalogue = catalogueFixture;

function withLandlineRate(tenths: number): Catalogue {
  return {
    ...catalogue,
    plans: catalogue.plans.map((plan) =>
      plan.callRates ? { ...plan, callRates: { ...plan.callRates, ukLandlineTenthsOfPenny: tenths, ukLandlineLabel: `${tenths / 10}p` } } : plan,
    ),
  };
}

describe('divideRoundingHalfUp', () => {
  it.each([
    [0, 10, 0],
    [4, 10, 0],
    [5, 10, 1],
    [15, 10, 2],
    [249, 10, 25],
    [9980, 100, 100],
    [9949, 100, 99],
  ])('%i / %i → %i', (a, b, expected) => {
    expect(divideRoundingHalfUp(a, b)).toBe(expected);
  });
});

describe('the plan we would suggest', () => {
  it('one line with few minutes: Pay As You Go when it is cheaper (its number and calls under Single User’s price)', () => {
    const result = calculateSavings(catalogue, { lines: 1, monthlyBillPounds: 30, ukMinutes: 100 })!;
    expect(result.recommended).toMatchObject({
      plan: 'payAsYouGo',
      planName: 'Pay As You Go',
      users: 1,
      planPence: 0,
      numberPence: 250,
      includedMinutes: 0,
      extraMinutes: 100,
      callsPence: 100,
      exVatPence: 350,
      vatPence: 70,
      incVatPence: 420,
    });
    expect(result).toMatchObject({ todayPence: 3000, monthlySavingPence: 2650, yearlySavingPence: 31800 });
  });

  it('one line: Single User once its included minutes make it as cheap or cheaper', () => {
    // Pay As You Go at 248 minutes: £2.50 + £2.48 = £4.98, a penny under £4.99.
    expect(recommendPlan(catalogue, { lines: 1, monthlyBillPounds: 0, ukMinutes: 248 })).toMatchObject({ plan: 'payAsYouGo', exVatPence: 498 });
    // At 249 minutes both cost £4.99: the plan with minutes to spare.
    expect(recommendPlan(catalogue, { lines: 1, monthlyBillPounds: 0, ukMinutes: 249 })).toMatchObject({ plan: 'singleUser', exVatPence: 499 });
    expect(recommendPlan(catalogue, { lines: 1, monthlyBillPounds: 0, ukMinutes: 500 })).toMatchObject({
      plan: 'singleUser',
      numberPence: 0,
      includedMinutes: 500,
      extraMinutes: 0,
      exVatPence: 499,
      vatPence: 100,
      incVatPence: 599,
    });
  });

  it('one line beyond Single User’s 500 minutes: the rest at the Pay As You Go landline rate', () => {
    expect(recommendPlan(catalogue, { lines: 1, monthlyBillPounds: 0, ukMinutes: 800 })).toMatchObject({
      plan: 'singleUser',
      extraMinutes: 300,
      callsPence: 300,
      exVatPence: 799,
      vatPence: 160,
      incVatPence: 959,
    });
  });

  it.each([
    [2, 1, 4],
    [4, 1, 4],
    [5, 2, 8],
    [8, 2, 8],
    [9, 3, 12],
    [500, 125, 500],
  ])('%i lines: Multi User in %i block(s) of 4 (%i users)', (lines, blocks, users) => {
    const cost = recommendPlan(catalogue, { lines, monthlyBillPounds: 0, ukMinutes: 0 })!;
    expect(cost).toMatchObject({ plan: 'multiUser', blocks, users, usersPerBlock: 4, planPence: 1490 * blocks, numberPence: 0 });
    expect(cost.includedMinutes).toBe(1500 * blocks);
  });

  it('Multi User: minutes are included per block, the rest charged, VAT on the total', () => {
    const result = calculateSavings(catalogue, { lines: 5, monthlyBillPounds: 120, ukMinutes: 3500 })!;
    expect(result.recommended).toMatchObject({
      blocks: 2,
      planPence: 2980,
      includedMinutes: 3000,
      extraMinutes: 500,
      callsPence: 500,
      exVatPence: 3480,
      vatPence: 696,
      incVatPence: 4176,
    });
    expect(result).toMatchObject({ monthlySavingPence: 8520, yearlySavingPence: 102240 });
  });

  it('no saving: a bill lower than ours gives a negative saving, honestly', () => {
    const result = calculateSavings(catalogue, { lines: 6, monthlyBillPounds: 10, ukMinutes: 0 })!;
    expect(result.recommended.exVatPence).toBe(2980);
    expect(result).toMatchObject({ todayPence: 1000, monthlySavingPence: -1980, yearlySavingPence: -23760 });
  });

  it('the same as today: a saving of nothing', () => {
    // Single User with one minute beyond its 500: £4.99 + 1p = £5.00.
    const result = calculateSavings(catalogue, { lines: 1, monthlyBillPounds: 5, ukMinutes: 501 })!;
    expect(result.recommended).toMatchObject({ plan: 'singleUser', exVatPence: 500 });
    expect(result).toMatchObject({ monthlySavingPence: 0, yearlySavingPence: 0 });
  });

  it('a rate finer than a penny rounds each month’s calls half up to the penny', () => {
    const finer = withLandlineRate(83);
    expect(planCost(finer, 'singleUser', { lines: 1, monthlyBillPounds: 0, ukMinutes: 503 })).toMatchObject({ extraMinutes: 3, callsPence: 25 });
    expect(planCost(finer, 'singleUser', { lines: 1, monthlyBillPounds: 0, ukMinutes: 505 })).toMatchObject({ extraMinutes: 5, callsPence: 42 });
  });

  it('uses only the catalogue’s figures: a different price list gives different answers', () => {
    const dearer: Catalogue = {
      ...catalogue,
      vatPercent: 20,
      plans: catalogue.plans.map((plan) => (plan.id === 'multiUser' ? { ...plan, monthlyPence: 2000 } : plan)),
    };
    expect(recommendPlan(dearer, { lines: 3, monthlyBillPounds: 0, ukMinutes: 0 })).toMatchObject({ exVatPence: 2000, vatPence: 400 });
  });

  it('answers nothing when the catalogue lacks the plans or the call rates', () => {
    const noRates: Catalogue = { ...catalogue, plans: catalogue.plans.map((plan) => ({ ...plan, callRates: null })) };
    expect(calculateSavings(noRates, { lines: 1, monthlyBillPounds: 10, ukMinutes: 10 })).toBeUndefined();
    expect(calculateSavings({ ...catalogue, plans: [] }, { lines: 3, monthlyBillPounds: 10, ukMinutes: 10 })).toBeUndefined();
  });
});
