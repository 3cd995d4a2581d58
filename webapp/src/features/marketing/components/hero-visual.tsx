/**
 * The home hero's picture, drawn here: a laptop, a desk phone and a mobile joined to one phone
 * system in the cloud, with calls flowing along the lines. Pure SVG and CSS (styles.css, "Hero"),
 * so it paints with the page and loads nothing; it stands still under prefers-reduced-motion.
 */
export function HeroVisual() {
  return (
    <svg className="hero-visual" viewBox="0 0 400 320" width="400" height="320" aria-hidden="true" focusable="false">
      <g className="hero-visual-links" fill="none" strokeWidth="3" strokeLinecap="round">
        <path d="M170 140 C130 170 100 190 92 214" />
        <path d="M200 150 L200 222" />
        <path d="M230 140 C270 170 300 190 312 204" />
      </g>
      <g className="hero-visual-flow" fill="none" strokeWidth="3" strokeLinecap="round">
        <path d="M170 140 C130 170 100 190 92 214" />
        <path d="M200 150 L200 222" />
        <path d="M230 140 C270 170 300 190 312 204" />
      </g>
      <circle className="hero-visual-pulse" cx="200" cy="100" r="70" />
      <path
        className="hero-visual-cloud"
        d="M128 132 a34 34 0 0 1 8-66 a48 48 0 0 1 90-14 a38 38 0 0 1 54 36 a28 28 0 0 1-6 44 z"
      />
      <text x="200" y="112" textAnchor="middle" className="hero-visual-label">
        Your phone system
      </text>
      {/* Laptop */}
      <rect x="42" y="214" width="100" height="62" rx="6" className="hero-visual-device" />
      <rect x="50" y="222" width="84" height="46" rx="3" className="hero-visual-screen" />
      <path d="M30 282 h124 l-8 10 h-108 z" className="hero-visual-device" />
      <circle cx="92" cy="245" r="10" className="hero-visual-accent" />
      {/* Desk phone */}
      <path d="M160 236 h80 a10 10 0 0 1 10 10 v38 a10 10 0 0 1 -10 10 h-80 a10 10 0 0 1 -10 -10 v-38 a10 10 0 0 1 10 -10 z" className="hero-visual-device" />
      <rect x="166" y="242" width="30" height="46" rx="6" className="hero-visual-accent" />
      <rect x="204" y="244" width="38" height="16" rx="2" className="hero-visual-screen" />
      <g className="hero-visual-keys">
        <circle cx="210" cy="270" r="3" />
        <circle cx="223" cy="270" r="3" />
        <circle cx="236" cy="270" r="3" />
        <circle cx="210" cy="281" r="3" />
        <circle cx="223" cy="281" r="3" />
        <circle cx="236" cy="281" r="3" />
      </g>
      {/* Mobile */}
      <rect x="292" y="200" width="48" height="92" rx="9" className="hero-visual-device" />
      <rect x="298" y="210" width="36" height="68" rx="3" className="hero-visual-screen" />
      <circle cx="316" cy="244" r="9" className="hero-visual-accent" />
    </svg>
  );
}
