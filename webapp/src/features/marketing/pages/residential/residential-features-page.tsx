import { Link } from 'react-router-dom';
import { FaqList } from '../../../../components/faq-list';
import { PageMeta } from '../../../../components/page-meta';
import { siteConfig } from '../../../../config/site';
import { breadcrumbs, graph } from '../shared/json-ld';
import { CtaPanel, FeatureCards, Section, ServiceHero, StepList } from '../shared/page-parts';
import { Price } from '../shared/price';
import { prices } from '../shared/prices';
import { residentialFaq, residentialFeatures, residentialSetupSteps } from './residential-data';
import { TRIAL_DAYS } from '../../../../config/trial';

const PATH = '/residential-features';
const DESCRIPTION =
  'What a home phone line over broadband does: keep your number, 5-minute setup, HD calls, 999 calls with your address, a mobile app and spam call blocking.';

export function ResidentialFeaturesPage() {
  return (
    <>
      <PageMeta
        title={`Residential Features: home phone over broadband | ${siteConfig.productName}`}
        description={DESCRIPTION}
        path={PATH}
        jsonLd={graph(
          {
            '@type': 'FAQPage',
            mainEntity: residentialFaq.map((item) => ({
              '@type': 'Question',
              name: item.question,
              acceptedAnswer: { '@type': 'Answer', text: item.answer },
            })),
          },
          breadcrumbs([
            { name: 'Residential VoIP', path: '/residential-voip' },
            { name: 'Residential features', path: PATH },
          ]),
        )}
      />
      <ServiceHero
        eyebrow="Residential features"
        title="Everything your home phone should do, and a few things it never could"
        lead={
          <>
            A home line over your broadband from <Price of={prices.residentialFrom} /> a month: the number you know, clearer calls, and no more
            interruptions from cold callers.
          </>
        }
      >
        <Link to="/free-trial-numbers" className="button button-light">
          Start {TRIAL_DAYS} days trial
        </Link>
        <Link to="/contact" className="button button-ghost">
          Talk to us
        </Link>
      </ServiceHero>

      <Section id="home-features" title="Six reasons to switch your home line">
        <FeatureCards cards={residentialFeatures} />
      </Section>

      <Section id="home-setup" tone="soft" title="Set up in minutes" intro="No engineer, no waiting in for a visit. If you can plug in a router, you can do this.">
        <StepList label="Setting up a home line" steps={residentialSetupSteps} />
      </Section>

      <Section id="home-questions" title="Frequently asked questions">
        <FaqList items={residentialFaq} />
      </Section>

      <CtaPanel id="home-features-cta" title="Hear it at home first" text={`Take a free number for ${TRIAL_DAYS} days, or ask our UK team anything about switching.`}>
        <Link to="/free-trial-numbers" className="button button-primary">
          Start {TRIAL_DAYS} days trial
        </Link>
        <Link to="/contact" className="button button-light">
          Contact us
        </Link>
      </CtaPanel>
    </>
  );
}
