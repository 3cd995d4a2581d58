import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import './cloud-comparison.css';

/** What changes when calls move to the cloud: the drawing's text alternative, shown under it. */
export const comparisonRows = [
  {
    topic: 'Where calls ring',
    before: 'On the desk phones wired to the office',
    after: 'On desk phones, laptops and mobiles, wherever your people are',
  },
  {
    topic: 'What you install',
    before: 'A phone line and a PBX box in the cupboard, fitted by an engineer',
    after: 'Nothing: sign in to the apps or plug in a desk phone',
  },
  {
    topic: 'Changes',
    before: 'A call-out for each new extension or menu',
    after: 'Made by you in the dashboard in a minute',
  },
  {
    topic: 'A power cut or fault',
    before: 'Every call stops',
    after: 'Calls move on to mobiles by themselves',
  },
] as const;

export const COMPARISON_HEADING = 'See how a cloud phone system compares';
/** The two drawings' names for assistive tech. */
export const drawingNames = {
  before: 'A call to a phone line and a PBX box rings the one desk phone in the office; when nobody is there, it is missed.',
  after: 'A call to a cloud phone system rings a desk phone, a laptop and a mobile at once, in the office, at home or on the move.',
} as const;

/**
 * The home page's comparison block: a drawn picture of one call, old way and cloud way, and the
 * same comparison as a table (its text alternative, visible to all). Pure SVG and CSS, so it
 * paints with the page and loads nothing: it has no failure state and shows no error.
 * The call plays once (about four seconds) when the block first scrolls into view, and again on
 * 'Play the call again'; under prefers-reduced-motion it stands still and the button is hidden
 * (docs/product-rules.md#help-and-information-pages).
 */
export function CloudComparison() {
  const reducedMotion = useReducedMotion();
  const frame = useRef<HTMLDivElement>(null);
  /** How many times the call has been played: 0 until the block is first seen. */
  const [plays, setPlays] = useState(0);

  useEffect(() => {
    if (reducedMotion || plays > 0) return;
    const element = frame.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setPlays(1);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setPlays(1);
      },
      { threshold: 0.4 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [reducedMotion, plays]);

  const playing = !reducedMotion && plays > 0;
  return (
    <section className="section cloud-comparison" aria-labelledby="cloud-comparison-heading">
      <h2 id="cloud-comparison-heading">{COMPARISON_HEADING}</h2>
      <p>What changes when your calls move from a phone line and a box in the cupboard to the cloud.</p>
      <figure className="cc-figure" aria-labelledby="cloud-comparison-caption">
        <div ref={frame} className="cc-frame" data-playing={playing ? 'true' : 'false'}>
          {/* A new key restarts the CSS animation from its first frame. */}
          <OldWayDrawing key={`before-${plays}`} />
          <CloudDrawing key={`after-${plays}`} />
        </div>
        <figcaption id="cloud-comparison-caption" className="cc-caption">
          One incoming call, two phone systems.
        </figcaption>
      </figure>
      {/* Always rendered (the prerendered page has it too, so nothing shifts); the stylesheet hides it under reduced motion. */}
      <p className="cc-replay">
        <button type="button" className="button button-secondary" onClick={() => setPlays((count) => count + 1)}>
          Play the call again
        </button>
      </p>
      <table className="cc-table">
        <caption className="visually-hidden">A phone line and a PBX compared with a cloud phone system</caption>
        <thead>
          <tr>
            <th scope="col">What changes</th>
            <th scope="col">Phone line and PBX</th>
            <th scope="col">Cloud phone system</th>
          </tr>
        </thead>
        <tbody>
          {comparisonRows.map((row) => (
            <tr key={row.topic}>
              <th scope="row">{row.topic}</th>
              <td>{row.before}</td>
              <td>{row.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="cc-more">
        <Link to="/plans-and-pricing#compare">Compare every plan’s features</Link>, or for leased lines, broadband, a cloud PBX or more than
        20 users, <Link to="/quote">request a quote</Link>.
      </p>
    </section>
  );
}

/** The old way: the exchange's line into a PBX box, and one desk phone in the office. */
function OldWayDrawing() {
  return (
    <svg className="cc-drawing" viewBox="0 0 320 260" width="320" height="260" role="img" aria-label={drawingNames.before} focusable="false">
      <rect x="4" y="4" width="312" height="252" rx="14" className="cc-bg" />
      <text x="160" y="36" textAnchor="middle" className="cc-title">
        Phone line and PBX
      </text>
      <path d="M40 120 H122 M174 120 H234" className="cc-wire" />
      <path d="M40 120 H122 M174 120 H234" pathLength="100" className="cc-call cc-call-old" />
      <circle cx="32" cy="120" r="10" className="cc-caller" />
      <rect x="122" y="88" width="52" height="64" rx="6" className="cc-box" />
      <path d="M132 102 h32 M132 114 h32 M132 126 h32" className="cc-box-lines" />
      <text x="148" y="176" textAnchor="middle" className="cc-label">
        PBX box
      </text>
      <g className="cc-device cc-ring-1">
        <rect x="234" y="98" width="56" height="44" rx="8" />
        <rect x="240" y="104" width="16" height="32" rx="4" className="cc-accent" />
      </g>
      <text x="262" y="166" textAnchor="middle" className="cc-label">
        Office desk
      </text>
      <path d="M92 212 l12 12 M104 212 l-12 12" className="cc-missed" />
      <text x="114" y="223" className="cc-label">
        Out of the office: missed
      </text>
    </svg>
  );
}

/** The cloud way: the call reaches the cloud, which rings a desk phone, a laptop and a mobile. */
function CloudDrawing() {
  return (
    <svg className="cc-drawing" viewBox="0 0 320 260" width="320" height="260" role="img" aria-label={drawingNames.after} focusable="false">
      <rect x="4" y="4" width="312" height="252" rx="14" className="cc-bg cc-bg-cloud" />
      <text x="160" y="36" textAnchor="middle" className="cc-title">
        Cloud phone system
      </text>
      <path d="M40 130 H100 M160 118 L234 78 M170 130 H234 M160 142 L234 190" className="cc-wire" />
      <path d="M40 130 H100" pathLength="100" className="cc-call cc-call-in" />
      <path d="M160 118 L234 78" pathLength="100" className="cc-call cc-call-out" />
      <path d="M170 130 H234" pathLength="100" className="cc-call cc-call-out" />
      <path d="M160 142 L234 190" pathLength="100" className="cc-call cc-call-out" />
      <circle cx="32" cy="130" r="10" className="cc-caller" />
      <path d="M100 146 a20 20 0 0 1 6-38 a28 28 0 0 1 52-6 a22 22 0 0 1 14 42 z" className="cc-cloud" />
      <g className="cc-device cc-ring-2">
        <rect x="236" y="58" width="50" height="38" rx="7" />
        <rect x="241" y="63" width="14" height="28" rx="4" className="cc-accent" />
      </g>
      <g className="cc-device cc-ring-2">
        <rect x="240" y="114" width="44" height="30" rx="4" />
        <path d="M232 148 h60 l-5 6 h-50 z" />
      </g>
      <g className="cc-device cc-ring-2">
        <rect x="248" y="168" width="26" height="46" rx="6" />
        <circle cx="261" cy="191" r="6" className="cc-accent" />
      </g>
      <text x="160" y="242" textAnchor="middle" className="cc-label">
        In the office, at home and on the move
      </text>
    </svg>
  );
}
