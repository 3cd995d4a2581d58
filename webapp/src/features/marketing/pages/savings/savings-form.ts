import type { SavingsInput } from './savings';

/** The calculator's three fields as typed. */
export interface SavingsForm {
  lines: string;
  bill: string;
  minutes: string;
}

export type SavingsField = keyof SavingsForm;
type SavingsErrors = Partial<Record<SavingsField, string>>;

const SAVINGS_LIMITS = {
  lines: { min: 1, max: 500 },
  bill: { min: 0, max: 100_000 },
  minutes: { min: 0, max: 1_000_000 },
} as const;

export const savingsMessages = {
  linesMissing: 'Enter how many phone lines you have today.',
  linesInvalid: 'Phone lines must be a whole number from 1 to 500.',
  billMissing: 'Enter your monthly phone bill in pounds.',
  billInvalid: 'Your monthly bill must be a whole number of pounds from £0 to £100,000.',
  minutesMissing: 'Enter your UK call minutes a month.',
  minutesInvalid: 'Call minutes must be a whole number from 0 to 1,000,000.',
} as const;

export const emptySavingsForm: SavingsForm = { lines: '', bill: '', minutes: '' };

/** A whole number as people type it: "1500", "1,500" or " 1 500 "; null for anything else. */
export function parseWholeNumber(text: string): number | null {
  const compact = text.trim().replace(/\s+/g, '');
  if (!/^(\d+|\d{1,3}(,\d{3})+)$/.test(compact)) return null;
  const value = Number(compact.replace(/,/g, ''));
  return Number.isSafeInteger(value) ? value : null;
}

function check(text: string, limits: { min: number; max: number }, missing: string, invalid: string): { value?: number; error?: string } {
  if (text.trim() === '') return { error: missing };
  const value = parseWholeNumber(text);
  if (value === null || value < limits.min || value > limits.max) return { error: invalid };
  return { value };
}

/** Each field's message, and the input once all three are right. */
export function validateSavingsForm(form: SavingsForm): { errors: SavingsErrors; input: SavingsInput | null } {
  const lines = check(form.lines, SAVINGS_LIMITS.lines, savingsMessages.linesMissing, savingsMessages.linesInvalid);
  // A pound sign typed in front of the bill is fine: the field is in pounds anyway.
  const bill = check(form.bill.trim().replace(/^£/, ''), SAVINGS_LIMITS.bill, savingsMessages.billMissing, savingsMessages.billInvalid);
  const minutes = check(form.minutes, SAVINGS_LIMITS.minutes, savingsMessages.minutesMissing, savingsMessages.minutesInvalid);
  const errors: SavingsErrors = {};
  if (lines.error) errors.lines = lines.error;
  if (bill.error) errors.bill = bill.error;
  if (minutes.error) errors.minutes = minutes.error;
  const input =
    lines.value !== undefined && bill.value !== undefined && minutes.value !== undefined
      ? { lines: lines.value, monthlyBillPounds: bill.value, ukMinutes: minutes.value }
      : null;
  return { errors, input };
}
