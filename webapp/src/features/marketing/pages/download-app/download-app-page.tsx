import { Link } from 'react-router-dom';
import { PageMeta } from '../../../../components/page-meta';
import { siteConfig } from '../../../../config/site';
import { Icon } from '../shared/icon';
import { breadcrumbs, graph } from '../shared/json-ld';
import { CtaPanel, Section, ServiceHero, StepList, type Step } from '../shared/page-parts';
import { CopyButton } from './copy-button';
import { platformApps, troubleshooting, type AppSource } from './download-app-data';
import './download-app.css';

const PATH = '/download-app';
const DESCRIPTION =
  'The softphone apps for Windows, Mac, Android and iPhone, and any SIP desk phone: where to get each one and the settings that connect it to your business number.';

const sip = siteConfig.sipServer;

const steps: Step[] = [
  { title: 'Install the app', text: 'Pick the app for your device above and install it from its maker’s page or your phone’s app store.' },
  {
    title: 'Add a SIP account by hand',
    text: 'Look for “Add account”, “Manual configuration” or “SIP account”. Skip any list of providers: you do not need one.',
  },
  { title: 'Enter your settings', text: 'Copy the server, port and transport from this page, then type your extension’s username and password.' },
  {
    title: 'Save and test',
    text: 'The app shows “Registered” or a green tick within a few seconds. Call another of your extensions (free) or your mobile to hear it work.',
  },
];

function ExternalLink({ source }: { source: AppSource }) {
  return (
    <a href={source.href} target="_blank" rel="noopener">
      {source.label}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

function AppCards() {
  return (
    <ul className="sp-cards sp-cols-3 app-cards">
      {platformApps.map((entry) => (
        <li key={entry.platform} className="sp-card">
          <span className="sp-card-icon">
            <Icon name={entry.icon} />
          </span>
          <h3>{entry.platform}</h3>
          <p className="app-name">{entry.app}</p>
          <p>{entry.text}</p>
          <p className="app-links">
            {entry.sources.map((source) => (
              <ExternalLink key={source.href} source={source} />
            ))}
          </p>
          {entry.alternative && (
            <p className="app-alternative">
              {entry.alternative.text} <ExternalLink source={entry.alternative.source} />
            </p>
          )}
        </li>
      ))}
      <li className="sp-card">
        <span className="sp-card-icon">
          <Icon name="deskphone" />
        </span>
        <h3>Desk phone</h3>
        <p className="app-name">Any SIP desk phone</p>
        <p>
          A phone on the desk still has its place on a reception or a busy sales desk. Any desk phone that works with SIP takes the same
          settings, entered in its own web page under “Account” or “SIP”.
        </p>
        <p className="app-links">
          <Link to="/hardware">Desk phones in our shop</Link>
        </p>
      </li>
    </ul>
  );
}

/** Our SIP settings, each with a copy button, and where to find the two that are yours alone. */
function SipSettings() {
  const settings = [
    { term: 'SIP server (domain, registrar or proxy)', value: sip.domain, label: 'SIP server' },
    { term: 'Port', value: String(sip.port), label: 'port' },
    { term: 'Transport', value: sip.transport, label: 'transport' },
  ];
  return (
    <dl className="sip-settings">
      {settings.map((setting) => (
        <div key={setting.term} className="sip-setting">
          <dt>{setting.term}</dt>
          <dd className="has-copy">
            <code className="sip-value">{setting.value}</code>
            <CopyButton value={setting.value} label={setting.label} />
          </dd>
        </div>
      ))}
      <div className="sip-setting">
        <dt>Username (and authentication username)</dt>
        <dd>Your extension’s SIP username, shown with the extension on your order’s thank-you page, for example jane101.</dd>
      </div>
      <div className="sip-setting">
        <dt>Password</dt>
        <dd>
          Your extension’s SIP password, shown once on the thank-you page. If you did not keep it, <Link to="/support">ask support</Link> and
          we will set a new one.
        </dd>
      </div>
      <div className="sip-setting">
        <dt>Outbound proxy, STUN and other options</dt>
        <dd>Leave them empty or as the app sets them: our system needs none of them.</dd>
      </div>
    </dl>
  );
}

export function DownloadAppPage() {
  return (
    <>
      <PageMeta
        title={`Download the apps and connect your phones | ${siteConfig.productName}`}
        description={DESCRIPTION}
        path={PATH}
        jsonLd={graph(
          {
            '@type': 'HowTo',
            name: `Connect a softphone app or desk phone to ${siteConfig.productName}`,
            description: DESCRIPTION,
            url: `${siteConfig.siteUrl}${PATH}`,
            tool: platformApps.map((entry) => ({ '@type': 'HowToTool', name: `${entry.app} (${entry.platform})` })),
            step: steps.map((step, index) => ({ '@type': 'HowToStep', position: index + 1, name: step.title, text: step.text })),
          },
          breadcrumbs([{ name: 'Download the apps', path: PATH }]),
        )}
      />
      <ServiceHero
        eyebrow="Apps and phones"
        title="Your business number on every device"
        lead="Take calls on your computer, your mobile or a desk phone, all on the same number. The apps are free from their makers; connect each one with the settings on this page."
      >
        <a href="#sip-settings" className="button button-light">
          See your settings
        </a>
        <Link to="/support" className="button button-ghost">
          Set-up guides
        </Link>
      </ServiceHero>

      <Section id="apps" title="Choose the app for your device" intro="These are the apps we test with and support. Each link goes to the maker’s own page or store.">
        <AppCards />
      </Section>

      <Section
        id="sip-settings"
        tone="soft"
        title="Your settings"
        intro="The same for every app and every desk phone. The server, port and transport are ours; the username and password belong to each extension."
      >
        <SipSettings />
      </Section>

      <Section id="connect" title="Connect in four steps">
        <StepList label="Connect an app" steps={steps} />
      </Section>

      <Section id="troubleshooting" tone="soft" title="If something is not right" intro="Most problems are one of these three, and each takes a minute to fix.">
        <div className="troubleshooting">
          {troubleshooting.map((item) => (
            <div key={item.problem} className="sp-card">
              <h3>{item.problem}</h3>
              <ul>
                {item.fixes.map((fix) => (
                  <li key={fix}>{fix}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <p className="sp-note">
          Still stuck? Our support team answers {siteConfig.supportPhoneHours} on working days and can check your extension from our side while
          you wait. <Link to="/support">Contact support</Link>.
        </p>
      </Section>

      <CtaPanel id="download-cta" title="Step-by-step guides for each app" text="Numbered steps with pictures for 3CX, Zoiper on Android and iPhone, and the dashboard.">
        <Link to="/support" className="button button-primary">
          Go to support
        </Link>
        <a href={siteConfig.salesPhoneHref} className="button button-light">
          Call {siteConfig.salesPhoneDisplay}
        </a>
      </CtaPanel>
    </>
  );
}
