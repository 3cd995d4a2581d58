import { useId } from 'react';
import { siteConfig } from '../../../config/site';
import { EXAMPLE_USERNAME, type GuideDiagramKind } from '../video-guides';

const sip = siteConfig.sipServer;

const fields: [string, string][] = [
  ['Username', EXAMPLE_USERNAME],
  ['Domain', sip.domain],
  ['Port', String(sip.port)],
  ['Transport', sip.transport],
];

/** The account form of an app: the four settings in rows, from (x, y). */
function SettingsRows({ x, y, width }: { x: number; y: number; width: number }) {
  return (
    <g>
      {fields.map(([label, value], index) => (
        <g key={label} transform={`translate(${x} ${y + index * 40})`}>
          <text className="diagram-label" x="0" y="0">
            {label}
          </text>
          <rect className="diagram-field" x="0" y="6" width={width} height="24" rx="4" />
          <text className="diagram-value" x="8" y="23">
            {value}
          </text>
        </g>
      ))}
    </g>
  );
}

/** The phone system in the cloud, at the right, joined to the device by a line. */
function PhoneSystem({ fromX }: { fromX: number }) {
  return (
    <g>
      <path className="diagram-link" d={`M${fromX} 150 H 452`} />
      <path className="diagram-arrow" d="M452 142 l12 8 l-12 8 z" />
      <rect className="diagram-server" x="468" y="92" width="160" height="116" rx="12" />
      <text className="diagram-server-title" x="548" y="130" textAnchor="middle">
        {siteConfig.productName}
      </text>
      <text className="diagram-server-text" x="548" y="152" textAnchor="middle">
        phone system
      </text>
      <text className="diagram-server-text" x="548" y="184" textAnchor="middle">
        {sip.transport} {sip.port}
      </text>
    </g>
  );
}

const descriptions: Record<GuideDiagramKind, string> = {
  desktop: `A computer's softphone account form filled in with username ${EXAMPLE_USERNAME}, domain ${sip.domain}, port ${sip.port} and transport ${sip.transport}, connecting to the ${siteConfig.productName} phone system.`,
  mobile: `A mobile app's account form filled in with username ${EXAMPLE_USERNAME}, domain ${sip.domain}, port ${sip.port} and transport ${sip.transport}, connecting to the ${siteConfig.productName} phone system.`,
  dashboard: 'The customer dashboard: a menu of Extensions, Voicemail, Call routing, Greetings, Call history and Billing beside the page you chose.',
};

const menu = ['Extensions', 'Voicemail', 'Call routing', 'Greetings', 'Call history', 'Billing'];

/** A diagram drawn for a guide: where each setting goes (no screenshots of other companies' apps). */
export function GuideDiagram({ kind }: { kind: GuideDiagramKind }) {
  const titleId = useId();
  return (
    <svg className="guide-diagram" viewBox="0 0 640 300" width="640" height="300" role="img" aria-labelledby={titleId}>
      <title id={titleId}>{descriptions[kind]}</title>
      {kind === 'desktop' && (
        <g>
          <rect className="diagram-device" x="16" y="24" width="360" height="236" rx="12" />
          <rect className="diagram-screen" x="30" y="38" width="332" height="208" rx="4" />
          <path className="diagram-device" d="M166 260 h60 l10 24 h-80 z" />
          <text className="diagram-heading" x="46" y="66">
            Account settings
          </text>
          <SettingsRows x={46} y={92} width={300} />
          <PhoneSystem fromX={376} />
        </g>
      )}
      {kind === 'mobile' && (
        <g>
          <rect className="diagram-device" x="96" y="8" width="200" height="284" rx="26" />
          <rect className="diagram-screen" x="108" y="32" width="176" height="240" rx="6" />
          <text className="diagram-heading" x="120" y="58">
            New account
          </text>
          <SettingsRows x={120} y={84} width={152} />
          <PhoneSystem fromX={296} />
        </g>
      )}
      {kind === 'dashboard' && (
        <g>
          <rect className="diagram-device" x="16" y="16" width="608" height="268" rx="10" />
          <rect className="diagram-screen" x="26" y="44" width="588" height="230" rx="4" />
          <circle className="diagram-dot" cx="36" cy="30" r="5" />
          <circle className="diagram-dot" cx="54" cy="30" r="5" />
          <circle className="diagram-dot" cx="72" cy="30" r="5" />
          <rect className="diagram-sidebar" x="26" y="44" width="170" height="230" />
          {menu.map((item, index) => (
            <g key={item}>
              {index === 0 && <rect className="diagram-selected" x="34" y={56 + index * 34} width="154" height="28" rx="4" />}
              <text className={index === 0 ? 'diagram-menu is-selected' : 'diagram-menu'} x="46" y={75 + index * 34}>
                {item}
              </text>
            </g>
          ))}
          <text className="diagram-heading" x="220" y="76">
            Extensions
          </text>
          {['101', '102', '103'].map((extension, index) => (
            <g key={extension} transform={`translate(220 ${96 + index * 48})`}>
              <rect className="diagram-field" x="0" y="0" width="370" height="36" rx="6" />
              <text className="diagram-value" x="14" y="23">
                {extension}
              </text>
              <text className="diagram-value" x="70" y="23">
                {`${EXAMPLE_USERNAME.replace(/\d+$/, '')}${extension}`}
              </text>
              <text className="diagram-action" x="356" y="23" textAnchor="end">
                New SIP password
              </text>
            </g>
          ))}
        </g>
      )}
    </svg>
  );
}
