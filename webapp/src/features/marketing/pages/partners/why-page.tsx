import { Link } from 'react-router-dom';
import { PageMeta } from '../../../../components/page-meta';
import { siteConfig } from '../../../../config/site';
import { breadcrumbs, graph, provider } from '../shared/json-ld';
import { CtaPanel, FeatureCards, Section, ServiceHero } from '../shared/page-parts';
import { TRIAL_DAYS } from '../../../../config/trial';

const DESCRIPTION =
  'Why more than 2,000 UK businesses run their phones with us: UK-based support, 99.9% uptime, no contracts, free number porting, every feature on every plan and a 30-day money-back guarantee.';

/** Their old provider against us: [topic, typical provider, us]. */
const differences: [string, string, string][] = [
  ['Contract', 'Often 36 months, with fees to leave early', 'None: cancel with one month’s notice'],
  ['Features', 'Basic package; extras sold as upgrades', 'Every feature on every plan'],
  ['Moving numbers', 'Charges for porting and weeks of waiting', 'Free, usually in 2-3 business days'],
  ['Support', 'Overseas call centre and ticket queues', 'A UK team that answers the phone'],
  ['Changes', 'An engineer visit or a change fee', 'Do it yourself in the dashboard, any time'],
];

export function WhyPage() {
  const name = siteConfig.productName;
  return (
    <>
      <PageMeta
        title={`Why ${name}: UK business phones without the catches`}
        description={DESCRIPTION}
        path={siteConfig.whyPath}
        jsonLd={graph(
          { '@type': 'AboutPage', name: `Why ${name}`, description: DESCRIPTION, url: `${siteConfig.siteUrl}${siteConfig.whyPath}`, about: provider() },
          breadcrumbs([{ name: `Why ${name}`, path: siteConfig.whyPath }]),
        )}
      />
      <ServiceHero
        eyebrow={`Why ${name}`}
        title="A phone provider that earns your business every month"
        lead="We have run business phones in the UK since 2010. We keep customers by being good to deal with, not by tying them into contracts."
      >
        <Link to="/plans-and-pricing" className="button button-light">
          See plans and pricing
        </Link>
        <Link to="/free-trial-numbers" className="button button-ghost">
          Start {TRIAL_DAYS} days trial
        </Link>
      </ServiceHero>

      <Section id="reasons" title="Six reasons customers choose us, and stay">
        <FeatureCards
          cards={[
            { icon: 'headset', title: 'UK-based support', text: 'Real people in the UK who know our system inside out, on the phone, by email and in the app.' },
            { icon: 'shield', title: '99.9% uptime', text: 'A resilient network in UK data centres, watched around the clock by our engineers.' },
            { icon: 'pound', title: 'No contracts', text: 'Stay because it works. Cancel with one month’s notice, and try us risk-free with a 30-day money-back guarantee.' },
            { icon: 'phone', title: 'Free number porting', text: 'Bring the numbers your customers know, free of charge, usually in 2-3 business days.' },
            { icon: 'spark', title: 'Every feature included', text: 'Call recording, menus, analytics and apps are on every plan, not locked behind an upgrade.' },
            { icon: 'heart', title: 'Rated 4.8 out of 5', text: 'More than 2,000 UK businesses run their calls on us, from sole traders to firms with several offices.' },
          ]}
        />
      </Section>

      <Section id="compare" tone="soft" title="What is different about us">
        <div className="sp-table-scroll">
          <table className="sp-table sp-compare">
            <caption className="visually-hidden">{`A typical phone provider compared with ${name}`}</caption>
            <thead>
              <tr>
                <th scope="col">What matters</th>
                <th scope="col">A typical provider</th>
                <th scope="col">{name}</th>
              </tr>
            </thead>
            <tbody>
              {differences.map(([topic, typical, ours]) => (
                <tr key={topic}>
                  <th scope="row">{topic}</th>
                  <td>{typical}</td>
                  <td>{ours}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id="ready-for-2027" title="Ready for the 2027 switch-off">
        <p className="sp-intro">
          The UK’s copper phone network and ISDN lines close in 2027. Every business on an old line has to move. Our service already runs over the
          internet, so moving to us is moving once, on a date you choose. Read how it works for your <Link to="/business-phone-system">business</Link>{' '}
          or your <Link to="/residential-voip">home</Link>.
        </p>
      </Section>

      <CtaPanel id="why-cta" title="See for yourself" text="Start a free trial, or ask us anything: we would rather you chose us knowing exactly what you get.">
        <Link to="/free-trial-numbers" className="button button-primary">
          Start {TRIAL_DAYS} days trial
        </Link>
        <Link to="/about" className="button button-light">
          About us
        </Link>
      </CtaPanel>
    </>
  );
}
