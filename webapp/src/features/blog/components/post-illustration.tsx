import type { ReactNode } from 'react';
import type { PostIllustration as Kind } from '../posts';

/** The drawings, one per subject, on a 480 × 240 canvas. */
const drawings: Record<Kind, ReactNode> = {
  porting: (
    <>
      <rect x="70" y="70" width="110" height="110" rx="14" className="ill-light" />
      <rect x="86" y="86" width="44" height="78" rx="8" className="ill-accent" />
      <rect x="138" y="90" width="30" height="20" rx="3" className="ill-dark" />
      <rect x="300" y="50" width="86" height="150" rx="14" className="ill-light" />
      <rect x="310" y="66" width="66" height="112" rx="4" className="ill-dark" />
      <path d="M196 126 H284" className="ill-line" />
      <path d="M274 112 l16 14 l-16 14" className="ill-line" />
      <text x="240" y="110" textAnchor="middle" className="ill-text">
        01632
      </text>
    </>
  ),
  'desk-phones': (
    <>
      <path d="M120 200 l30 -110 h180 l30 110 z" className="ill-light" />
      <rect x="150" y="98" width="64" height="96" rx="14" className="ill-accent" />
      <rect x="236" y="104" width="86" height="40" rx="4" className="ill-dark" />
      {[0, 1, 2].map((row) =>
        [0, 1, 2].map((col) => <circle key={`${row}${col}`} cx={250 + col * 28} cy={162 + row * 14} r="5" className="ill-dark" />),
      )}
    </>
  ),
  'switch-off': (
    <>
      <rect x="110" y="60" width="120" height="120" rx="14" className="ill-light" />
      <circle cx="150" cy="120" r="10" className="ill-dark" />
      <circle cx="190" cy="120" r="10" className="ill-dark" />
      <path d="M96 196 L244 44" className="ill-cross" />
      <path d="M270 120 H330" className="ill-line" />
      <path d="M320 106 l16 14 l-16 14" className="ill-line" />
      <path d="M352 150 a26 26 0 0 1 6 -52 a36 36 0 0 1 66 4 a24 24 0 0 1 4 48 z" className="ill-light" />
      <text x="390" y="186" textAnchor="middle" className="ill-text">
        2027
      </text>
    </>
  ),
  'cloud-pbx': (
    <>
      <rect x="70" y="70" width="90" height="120" rx="8" className="ill-light" />
      {[0, 1, 2, 3].map((row) => (
        <rect key={row} x="84" y={86 + row * 24} width="62" height="12" rx="3" className="ill-dark" />
      ))}
      <path d="M180 130 H250" className="ill-line" />
      <path d="M240 116 l16 14 l-16 14" className="ill-line" />
      <path d="M290 160 a34 34 0 0 1 8 -68 a48 48 0 0 1 88 6 a32 32 0 0 1 6 62 z" className="ill-light" />
      <circle cx="340" cy="130" r="12" className="ill-accent" />
    </>
  ),
  broadband: (
    <>
      {[0, 1, 2, 3, 4].map((bar) => (
        <rect key={bar} x={150 + bar * 40} y={180 - bar * 24} width="26" height={20 + bar * 24} rx="4" className={bar < 4 ? 'ill-light' : 'ill-accent'} />
      ))}
      <path d="M110 60 q30 -24 60 0 t60 0 t60 0 t60 0" className="ill-line" />
    </>
  ),
  numbers: (
    <>
      {['01', '03', '0800'].map((range, index) => (
        <g key={range} transform={`translate(${70 + index * 120} 80)`}>
          <rect width="100" height="80" rx="12" className={index === 1 ? 'ill-accent' : 'ill-light'} />
          <text x="50" y="52" textAnchor="middle" className="ill-text ill-text-dark">
            {range}
          </text>
        </g>
      ))}
    </>
  ),
};

/** An article's header picture, drawn in SVG (no image file, nothing to load). */
export function PostIllustration({ kind, className = '' }: { kind: Kind; className?: string }) {
  return (
    <svg className={`post-illustration ${className}`.trim()} viewBox="0 0 480 240" width="480" height="240" aria-hidden="true" focusable="false">
      <rect width="480" height="240" className="ill-background" />
      {drawings[kind]}
    </svg>
  );
}
