import { Link } from 'react-router-dom';
import { TrialInclusions } from '../../../components/trial-inclusions';
import type { FreeNumber } from '../../../lib/api-types';
import { messages } from '../messages';
import { NUMBERS_PATH } from '../trial-storage';
import { TRIAL_DAYS } from '../../../config/trial';

interface TrialNumberPanelProps {
  number: FreeNumber | null;
  /** The server's or the form's word about the number (none chosen, or taken meanwhile). */
  error: string | null;
}

/** The left panel of the sign-up: the chosen number (or No number selected) and what the trial includes. */
export function TrialNumberPanel({ number, error }: TrialNumberPanelProps) {
  return (
    <aside className="trial-side" aria-label="Your free trial">
      <section className="panel" aria-labelledby="trial-number-heading">
        <h2 id="trial-number-heading">Your selected number</h2>
        <p className="trial-number">{number ? number.displayValue || number.value : messages.noNumber}</p>
        {number && <p className="muted small">Free for your {TRIAL_DAYS}-day trial</p>}
        {error && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
        {(!number || error) && <Link to={NUMBERS_PATH}>Choose a free number</Link>}
      </section>
      <TrialInclusions />
    </aside>
  );
}
