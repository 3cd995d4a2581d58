import { Link } from 'react-router-dom';

export function CtaBanner() {
  return (
    <section className="cta-banner" aria-labelledby="cta-heading">
      <div className="container cta-inner">
        <div>
          <h2 id="cta-heading">Try it free for 7 days</h2>
          <p>A free UK number, one extension and 50 minutes. No credit card required.</p>
        </div>
        <Link to="/free-trial-numbers" className="button button-light">
          Get your free number
        </Link>
      </div>
    </section>
  );
}
