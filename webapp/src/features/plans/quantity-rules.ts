/**
 * Plan quantity rules (docs/product-rules.md, Cart and prices). Pure functions so both pages and the
 * tests share them. The limits come from the catalogue (minUsers, increment).
 */
export interface QuantityPlan {
  minUsers: number;
  increment: number;
}

/** The server refuses quantities above this. */
const MAX_QUANTITY = 1000;

export interface QuantityRules {
  /** The value a selector starts at. */
  initial(plan: QuantityPlan): number;
  increment(plan: QuantityPlan, current: number): number;
  decrement(plan: QuantityPlan, current: number): number;
  canDecrement(plan: QuantityPlan, current: number): boolean;
  canIncrement(plan: QuantityPlan, current: number): boolean;
  /** A typed value: `null` when it is not a number (ignored). */
  clampTyped(plan: QuantityPlan, typed: string, current: number): number | null;
}

function parseWhole(typed: string): number | null {
  const trimmed = typed.trim();
  if (trimmed === '' || !/^[+-]?\d+(\.\d+)?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed));
}

/** Plans page: minimum 1 (4 for multi user), steps of the plan's increment. */
export const plansPageRules: QuantityRules = {
  initial: (plan) => plan.minUsers,
  increment: (plan, current) => Math.min(MAX_QUANTITY, current + plan.increment),
  decrement: (plan, current) => (current - plan.increment >= plan.minUsers ? current - plan.increment : current),
  canDecrement: (plan, current) => current - plan.increment >= plan.minUsers,
  canIncrement: (plan, current) => current + plan.increment <= MAX_QUANTITY,
  clampTyped(plan, typed) {
    const value = parseWhole(typed);
    if (value === null) return null;
    return Math.min(MAX_QUANTITY, Math.max(plan.minUsers, value));
  },
};

/**
 * Home page: starts at 0 (nothing chosen). The first plus sets the minimum (1, or 4 for
 * multi user); after that it steps by the increment and cannot go below the minimum.
 */
export const homePageRules: QuantityRules = {
  initial: () => 0,
  increment: (plan, current) => (current === 0 ? plan.minUsers : Math.min(MAX_QUANTITY, current + plan.increment)),
  decrement: (plan, current) => (current - plan.increment >= plan.minUsers ? current - plan.increment : current),
  canDecrement: (plan, current) => current > 0 && current - plan.increment >= plan.minUsers,
  canIncrement: (plan, current) => current === 0 || current + plan.increment <= MAX_QUANTITY,
  clampTyped(plan, typed, current) {
    const value = parseWhole(typed);
    if (value === null) return null;
    // Nothing chosen yet and nothing typed: stays at 0. Once started, never below the minimum.
    if (value <= 0) return current === 0 ? 0 : plan.minUsers;
    return Math.min(MAX_QUANTITY, Math.max(plan.minUsers, value));
  },
};
