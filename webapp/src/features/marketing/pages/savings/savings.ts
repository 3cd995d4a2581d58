import { includedUkMinutes } from '../../../../config/plan-minutes';
import type { Catalogue, CataloguePlan, PlanId } from '../../../../lib/api-types';

/**
 * The savings calculator's arithmetic (docs/product-rules.md#savings-calculator): which plan we
 * would put a business on and what it costs a month, from the catalogue's figures only, in
 * integer pence. No floats: every division rounds half up to the penny.
 */

/** What the visitor tells us about today. */
export interface SavingsInput {
  /** Phone lines (users) today, 1 to 500. */
  lines: number;
  /** Today's monthly phone bill in whole pounds, excluding VAT. */
  monthlyBillPounds: number;
  /** UK call minutes a month. */
  ukMinutes: number;
}

/** One plan priced for the input, a month. */
export interface PlanCost {
  plan: PlanId;
  planName: string;
  /** Users paid for (Multi User rounds up to whole blocks). */
  users: number;
  blocks: number;
  usersPerBlock: number;
  /** The plan itself: blocks × the catalogue's monthly price. */
  planPence: number;
  /** The business's one number, when the plan includes none. */
  numberPence: number;
  includedMinutes: number;
  /** Minutes beyond the included ones, charged at Pay As You Go's UK landline rate. */
  extraMinutes: number;
  /** That rate, tenths of a penny a minute, and as the catalogue writes it ("1p"). */
  rateTenthsOfPenny: number;
  rateLabel: string;
  callsPence: number;
  exVatPence: number;
  vatPence: number;
  incVatPence: number;
}

export interface SavingsResult {
  recommended: PlanCost;
  /** Today's bill, ex VAT, in pence. */
  todayPence: number;
  /** Today's bill less our cost, ex VAT: negative when we would cost more. */
  monthlySavingPence: number;
  yearlySavingPence: number;
}

/** a / b rounded half up, for whole numbers a ≥ 0 and b > 0. */
export function divideRoundingHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

function findPlan(catalogue: Catalogue, id: PlanId): CataloguePlan | undefined {
  return catalogue.plans.find((plan) => plan.id === id);
}

/** Pay As You Go's UK landline rate: what calls beyond a plan's minutes cost. */
function perMinuteRate(catalogue: Catalogue): { tenths: number; label: string } | undefined {
  const rates = findPlan(catalogue, 'payAsYouGo')?.callRates;
  return rates ? { tenths: rates.ukLandlineTenthsOfPenny, label: rates.ukLandlineLabel } : undefined;
}

/** A plan's monthly cost for the input: the plan, one number if the plan includes none, calls beyond its minutes, and VAT. */
export function planCost(catalogue: Catalogue, id: PlanId, input: SavingsInput): PlanCost | undefined {
  const plan = findPlan(catalogue, id);
  const rate = perMinuteRate(catalogue);
  if (!plan || rate === undefined) return undefined;
  const wanted = Math.max(input.lines, plan.minUsers);
  const blocks = Math.ceil(wanted / plan.usersPerBlock);
  const includedMinutes = includedUkMinutes[id] * blocks;
  const extraMinutes = Math.max(0, input.ukMinutes - includedMinutes);
  const planPence = plan.monthlyPence * blocks;
  const numberPence = plan.includedNumbers > 0 ? 0 : plan.extraNumber.monthlyPence;
  const callsPence = divideRoundingHalfUp(extraMinutes * rate.tenths, 10);
  const exVatPence = planPence + numberPence + callsPence;
  const vatPence = divideRoundingHalfUp(exVatPence * catalogue.vatPercent, 100);
  return {
    plan: id,
    planName: plan.name,
    users: blocks * plan.usersPerBlock,
    blocks,
    usersPerBlock: plan.usersPerBlock,
    planPence,
    numberPence,
    includedMinutes,
    extraMinutes,
    rateTenthsOfPenny: rate.tenths,
    rateLabel: rate.label,
    callsPence,
    exVatPence,
    vatPence,
    incVatPence: exVatPence + vatPence,
  };
}

/**
 * The plan we would put the business on: one line → Single User, or Pay As You Go when that is
 * cheaper (few minutes); two lines or more → Multi User in blocks of users.
 */
export function recommendPlan(catalogue: Catalogue, input: SavingsInput): PlanCost | undefined {
  if (input.lines >= 2) return planCost(catalogue, 'multiUser', input);
  const single = planCost(catalogue, 'singleUser', input);
  const payg = planCost(catalogue, 'payAsYouGo', input);
  if (single && payg) return payg.exVatPence < single.exVatPence ? payg : single;
  return single ?? payg;
}

/** The recommended plan and what it saves (or costs more) against today's bill, both ex VAT. */
export function calculateSavings(catalogue: Catalogue, input: SavingsInput): SavingsResult | undefined {
  const recommended = recommendPlan(catalogue, input);
  if (!recommended) return undefined;
  const todayPence = input.monthlyBillPounds * 100;
  const monthlySavingPence = todayPence - recommended.exVatPence;
  return { recommended, todayPence, monthlySavingPence, yearlySavingPence: monthlySavingPence * 12 };
}
