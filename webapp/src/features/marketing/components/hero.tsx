import { Link } from 'react-router-dom';
import { formatPence } from '../../../lib/format-money';
import { HeroVisual } from './hero-visual';
import { TRIAL_DAYS } from '../../../config/trial';

/**
 * Home hero. No video files ship with the site: the hero's picture is an SVG drawn for it (HeroVisual).
 * `fromPence`: the lowest monthly plan price, from the catalogue (left out until it is known).
 */
export function Hero({ fromPence }: { fromPence?: number }) {
  return (
    <section className="hero">
      <div className="container hero-inner">
        <p className="eyebrow">Hosted business phone systems for the UK</p>
        <h1>Business calls that just work{fromPence !== undefined && `, from ${formatPence(fromPence)} a month`}</h1>
        <p className="lead">
          Cloud phone numbers, desk phones and apps for teams of every size. No contracts, free setup, free porting
          and UK-based support, with 99.9% uptime.
        </p>
        <div className="hero-actions">
          <Link to="/plans-and-pricing" className="button button-primary">
            See plans and pricing
          </Link>
          <Link to="/free-trial-numbers" className="button button-ghost">
            Start {TRIAL_DAYS} days trial
          </Link>
        </div>
        <ul className="hero-facts" aria-label="Why businesses choose us">
          <li>2,000+ UK businesses</li>
          <li>Rated 4.8/5</li>
          <li>Cancel with one month’s notice</li>
        </ul>
        <HeroVisual />
      </div>
    </section>
  );
}
