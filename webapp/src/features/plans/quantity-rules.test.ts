import { describe, expect, it } from 'vitest';
import { homePageRules as home, plansPageRules as plans } from './quantity-rules';

const single = { minUsers: 1, increment: 1 };
const multi = { minUsers: 4, increment: 4 };

describe('home page quantity rules', () => {
  it('starts at 0 with minus disabled', () => {
    expect(home.initial(single)).toBe(0);
    expect(home.initial(multi)).toBe(0);
    expect(home.canDecrement(single, 0)).toBe(false);
    expect(home.canDecrement(multi, 0)).toBe(false);
  });

  it('the first plus sets the minimum: 1, or 4 for multi user', () => {
    expect(home.increment(single, 0)).toBe(1);
    expect(home.increment(multi, 0)).toBe(4);
  });

  it('multi user steps by 4 and cannot go below 4 once started', () => {
    expect(home.increment(multi, 4)).toBe(8);
    expect(home.decrement(multi, 8)).toBe(4);
    expect(home.canDecrement(multi, 4)).toBe(false);
    expect(home.decrement(multi, 4)).toBe(4);
  });

  it('single user cannot go below 1 once started', () => {
    expect(home.increment(single, 1)).toBe(2);
    expect(home.decrement(single, 2)).toBe(1);
    expect(home.canDecrement(single, 1)).toBe(false);
  });

  it('clamps typed values: non-numbers ignored, non-zero below the minimum raised', () => {
    expect(home.clampTyped(multi, 'abc', 0)).toBeNull();
    expect(home.clampTyped(multi, '2', 0)).toBe(4);
    expect(home.clampTyped(multi, '0', 0)).toBe(0);
    expect(home.clampTyped(multi, '0', 8)).toBe(4);
    expect(home.clampTyped(single, '7', 1)).toBe(7);
  });
});

describe('plans page quantity rules', () => {
  it('starts at the minimum with minus disabled there', () => {
    expect(plans.initial(single)).toBe(1);
    expect(plans.initial(multi)).toBe(4);
    expect(plans.canDecrement(single, 1)).toBe(false);
    expect(plans.canDecrement(multi, 4)).toBe(false);
    expect(plans.canDecrement(single, 2)).toBe(true);
  });

  it('multi user goes 4 -> 8 -> 4 and refuses 3', () => {
    expect(plans.increment(multi, 4)).toBe(8);
    expect(plans.decrement(multi, 8)).toBe(4);
    expect(plans.decrement(multi, 4)).toBe(4);
    expect(plans.clampTyped(multi, '3', 4)).toBe(4);
  });

  it('clamps typed values to the minimum and the server maximum, ignoring non-numbers', () => {
    expect(plans.clampTyped(single, '0', 1)).toBe(1);
    expect(plans.clampTyped(single, '-5', 1)).toBe(1);
    expect(plans.clampTyped(single, '12', 1)).toBe(12);
    expect(plans.clampTyped(single, '2.6', 1)).toBe(3);
    expect(plans.clampTyped(single, '5000', 1)).toBe(1000);
    expect(plans.clampTyped(single, 'ten', 1)).toBeNull();
    expect(plans.clampTyped(single, '', 1)).toBeNull();
  });
});
