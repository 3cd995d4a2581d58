import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '../../../../components/account-form/text-field';
import { formatMinutes } from '../../../../config/plan-minutes';
import type { Catalogue } from '../../../../lib/api-types';
import { formatPence } from '../../../../lib/format-money';
import { emptySavingsForm, validateSavingsForm, type SavingsField, type SavingsForm } from './savings-form';
import { calculateSavings, type PlanCost, type SavingsResult } from './savings';
import './savings.css';

function planLine(cost: PlanCost): string {
  if (cost.usersPerBlock > 1) {
    const blocks = cost.blocks === 1 ? '1 block' : `${cost.blocks} blocks`;
    return `${cost.planName}: ${blocks} of ${cost.usersPerBlock} users (${cost.users} users)`;
  }
  return `${cost.planName} for 1 user`;
}

function Breakdown({ cost }: { cost: PlanCost }) {
  return (
    <ul className="savings-breakdown" aria-label="How the monthly cost adds up">
      <li>
        <span>{planLine(cost)}</span>
        <span>{formatPence(cost.planPence)}</span>
      </li>
      <li>
        <span>One UK phone number</span>
        <span>{cost.numberPence === 0 ? 'Included' : formatPence(cost.numberPence)}</span>
      </li>
      <li>
        <span>
          {cost.includedMinutes > 0 ? `Calls beyond your ${formatMinutes(cost.includedMinutes)} included minutes` : 'Calls'}:{' '}
          {formatMinutes(cost.extraMinutes)} minutes at {cost.rateLabel}
        </span>
        <span>{formatPence(cost.callsPence)}</span>
      </li>
      <li>
        <span>VAT</span>
        <span>{formatPence(cost.vatPence)}</span>
      </li>
    </ul>
  );
}

/** The saving, or honestly the extra cost, a month and a year. */
function SavingTerms({ result }: { result: SavingsResult }) {
  const month = result.monthlySavingPence;
  if (month > 0) {
    return (
      <div>
        <dt>Your saving</dt>
        <dd>{formatPence(month)} a month</dd>
        <dd className="savings-year">{formatPence(result.yearlySavingPence)} a year</dd>
      </div>
    );
  }
  if (month < 0) {
    return (
      <div>
        <dt>You would pay more</dt>
        <dd>{formatPence(-month)} more a month</dd>
        <dd className="savings-year">{formatPence(-result.yearlySavingPence)} more a year</dd>
      </div>
    );
  }
  return (
    <div>
      <dt>Your saving</dt>
      <dd>None: the same as today</dd>
    </div>
  );
}

function summary(result: SavingsResult): string {
  const cost = `${result.recommended.planName} at ${formatPence(result.recommended.exVatPence)} a month excluding VAT`;
  if (result.monthlySavingPence > 0) return `${cost}: you would save ${formatPence(result.yearlySavingPence)} a year.`;
  if (result.monthlySavingPence < 0) return `${cost}: you would pay ${formatPence(-result.yearlySavingPence)} more a year than today.`;
  return `${cost}: the same as you pay today.`;
}

function Estimate({ result }: { result: SavingsResult }) {
  const cost = result.recommended;
  return (
    <>
      <p className="savings-plan">
        We would put you on <strong>{planLine(cost)}</strong>.
      </p>
      <dl className="savings-figures">
        <div>
          <dt>Your monthly cost with us</dt>
          <dd>{formatPence(cost.exVatPence)} a month excluding VAT</dd>
          <dd className="savings-year">{formatPence(cost.incVatPence)} including VAT</dd>
        </div>
        <SavingTerms result={result} />
      </dl>
      <Breakdown cost={cost} />
      {result.monthlySavingPence < 0 && (
        <p className="savings-note">
          Today’s bill is already low for what you use. Our plans still add voicemail to e-mail, call routing and the apps, but we would
          rather you knew the price first.
        </p>
      )}
      <Link to="/plans-and-pricing" className="button button-primary">
        Choose this plan
      </Link>
    </>
  );
}

/**
 * The savings calculator: today's lines, bill and call minutes in; the plan we would suggest, its
 * cost from the catalogue and the saving out, as the visitor types. Each field says what is wrong
 * with it once it has been touched.
 */
/** The three figures asked for, in order. */
const FIELDS = [
  { field: 'lines', label: 'Phone lines (users) today', hint: 'Everyone who has their own phone or extension, from 1 to 500.' },
  { field: 'bill', label: 'Monthly phone bill today (£, excluding VAT)', hint: 'Line rental, calls and any phone system rental, in whole pounds before VAT.' },
  { field: 'minutes', label: 'UK call minutes a month', hint: 'Outgoing calls to UK landlines and mobiles; your bill usually lists them.' },
] as const;

export function SavingsCalculator({ catalogue, isError }: { catalogue: Catalogue | undefined; isError: boolean }) {
  const [form, setForm] = useState<SavingsForm>(emptySavingsForm);
  const [touched, setTouched] = useState<Partial<Record<SavingsField, boolean>>>({});
  const headingId = useId();
  const { errors, input } = validateSavingsForm(form);
  const shown = (field: SavingsField) => (touched[field] ? errors[field] : undefined);
  const edit = (field: SavingsField) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
  };
  const touch = (field: SavingsField) => () => setTouched((current) => ({ ...current, [field]: true }));
  const result = input && catalogue ? calculateSavings(catalogue, input) : undefined;

  let status: string;
  if (result) status = summary(result);
  else if (input && isError) status = 'We could not load our prices just now. Please try again in a moment, or see our plans.';
  else if (input) status = 'Working out your estimate…';
  else status = 'Fill in the three figures to see the plan we would suggest and what it would save you.';

  return (
    <div className="savings-layout">
      <form className="panel savings-form" noValidate aria-label="Your phone bill today" onSubmit={(event) => event.preventDefault()}>
        {FIELDS.map(({ field, label, hint }) => (
          <TextField
            key={field}
            label={label}
            inputMode="numeric"
            autoComplete="off"
            value={form[field]}
            onChange={edit(field)}
            onBlur={touch(field)}
            error={shown(field)}
            hint={hint}
          />
        ))}
      </form>
      <section className="panel savings-result" aria-labelledby={headingId}>
        <h3 id={headingId}>Your estimate</h3>
        <p className="savings-status" role="status">
          {status}
        </p>
        {result && <Estimate result={result} />}
      </section>
    </div>
  );
}
