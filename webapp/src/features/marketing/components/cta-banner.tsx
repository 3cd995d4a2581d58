import { Link } from 'react-router-dom';
import { TRIAL_DAYS, TRIAL_MINUTES } from '../../../config/trial';

export function CtaBanner() {
  return (
    <section className="cta-banner" aria-labelledby="cta-heading">
      <div className="container cta-inner">
        <div>
          <h2 id="cta-heading">Try it free for {TRIAL_DAYS} days</h2>
          <p>A free UK number, one extension and {TRIAL_MINUTES} minutes. No credit card required.</p>
        </div>
        <Link to="/free-trial-numbers" className="button button-light">
          Get your free number
        </Link>
      </div>
    </section>
  );
}
