import { Link, useLocation } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { readStorage } from '../../../lib/storage';
import { SELECTED_FREE_NUMBER_KEY } from './free-numbers-page';

interface ChosenNumber {
  value: string;
  displayValue?: string;
}

function chosenNumber(state: unknown): ChosenNumber | null {
  const fromState = (state as { selectedNumber?: ChosenNumber } | null)?.selectedNumber;
  if (fromState?.value) return fromState;
  try {
    const stored = JSON.parse(readStorage(SELECTED_FREE_NUMBER_KEY) ?? 'null') as ChosenNumber | null;
    return stored?.value ? stored : null;
  } catch {
    return null;
  }
}

/**
 * Placeholder for the trial account setup (a later issue replaces it): the free-number picker
 * ends its journey here, so the path must not fall through to the unknown-path redirect.
 * It ships in the picker's chunk (see app/routes/free-trial-numbers.tsx).
 */
export function TrialSetupPlaceholder() {
  const number = chosenNumber(useLocation().state);
  return (
    <>
      <PageMeta title="Set up your free trial" description="Create your free trial account." path="/free-trial-account-setup" noIndex />
      <div className="container page-body">
        <h1>Set up your free trial</h1>
        <p>{number ? `Your number: ${number.displayValue || number.value}` : 'No number selected'}</p>
        <p>Account setup opens here soon.</p>
        <Link to="/free-trial-numbers">Choose a different number</Link>
      </div>
    </>
  );
}
