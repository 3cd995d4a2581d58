import { TRIAL_MINUTES } from '../config/trial';
/** What the free trial includes (docs/product-rules.md, Free trial): the same list on the number picker and the sign-up. */
export function TrialInclusions() {
  return (
    <section className="panel trial-benefits" aria-labelledby="trial-benefits-heading">
      <h2 id="trial-benefits-heading">Your free trial includes</h2>
      <ul>
        <li>1 phone number</li>
        <li>1 extension</li>
        <li>{TRIAL_MINUTES} minutes of calls</li>
        <li>No card required</li>
      </ul>
    </section>
  );
}
