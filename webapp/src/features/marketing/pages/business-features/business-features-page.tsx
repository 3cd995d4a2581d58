import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FaqList } from '../../../../components/faq-list';
import { PageMeta } from '../../../../components/page-meta';
import { siteConfig } from '../../../../config/site';
import { formatPence } from '../../../../lib/format-money';
import { breadcrumbs, graph, monthlyOffer, service } from '../shared/json-ld';
import { CtaPanel, FeatureCards, Section, ServiceHero, StepList } from '../shared/page-parts';
import { Price } from '../shared/price';
import { prices } from '../shared/prices';
import { Tabs } from '../shared/tabs';
import { usePriceList } from '../shared/use-price-list';
import { advancedFeatures, AUDIENCES, audienceVariants, essentialFeatures, industryExamples, sampleExtensions, type Audience } from './business-features-data';
import { TRIAL_DAYS } from '../../../../config/trial';

const PATH = '/business-features';
const NAME = 'Business phone features';
const DESCRIPTION =
  'Every business phone feature on every plan: unlimited extensions, voicemail to email, auto-attendant, call recording, analytics, call routing and softphone apps.';

/** Setup steps, FAQ and call to action for a business or a home; Business unless the visitor picks Residential. */
function AudienceTabs() {
  const [audience, setAudience] = useState<Audience>('business');
  const variant = audienceVariants[audience];
  return (
    <section className="sp-section is-soft" aria-labelledby="audience-heading">
      <div className="container">
        <h2 id="audience-heading">Setting up for a business or a home?</h2>
        <p className="sp-intro">The features are the same; the steps and the questions people ask are not.</p>
        <Tabs
          label="Show setup for"
          tabs={AUDIENCES.map((key) => ({ key, label: audienceVariants[key].tabLabel }))}
          selected={audience}
          onSelect={setAudience}
        >
          <div className="sp-panel-block">
            <h2>{variant.setupTitle}</h2>
            <StepList label={variant.setupTitle} steps={variant.setupSteps} />
          </div>
          <div className="sp-panel-block">
            <h2>{variant.faqTitle}</h2>
            <FaqList key={audience} items={variant.faq} />
          </div>
          <div className="sp-panel-block sp-panel-cta">
            <h2>{variant.cta.title}</h2>
            <p>{variant.cta.text}</p>
            <div className="sp-cta-actions">
              <Link to={variant.cta.primary.to} className="button button-primary">
                {variant.cta.primary.label}
              </Link>
              <Link to="/free-trial-numbers" className="button button-secondary">
                Start {TRIAL_DAYS} days trial
              </Link>
              <Link to="/contact" className="button button-secondary">
                Contact us
              </Link>
            </div>
          </div>
        </Tabs>
      </div>
    </section>
  );
}

export function BusinessFeaturesPage() {
  const { priceList } = usePriceList();
  return (
    <>
      <PageMeta
        title={`Business Phone Features on every plan | ${siteConfig.productName}`}
        description={priceList ? `${DESCRIPTION} Extras from ${formatPence(priceList.addOnsFromMonthlyPence)} a month.` : DESCRIPTION}
        path={PATH}
        jsonLd={graph(
          service(NAME, DESCRIPTION, PATH, monthlyOffer(priceList?.addOnsFromMonthlyPence, { name: 'Add-ons from' })),
          breadcrumbs([{ name: 'Business features', path: PATH }]),
        )}
      />
      <ServiceHero
        eyebrow="Business features"
        title="Every feature, on every plan"
        lead={
          <>
            No feature tiers and no surprise upgrades. Your plan includes the full phone system; a few extras start from{' '}
            <Price of={prices.addOnsFrom} /> a month.
          </>
        }
      >
        <Link to="/plans-and-pricing" className="button button-light">
          See plans and pricing
        </Link>
        <Link to="/free-trial-numbers" className="button button-ghost">
          Start {TRIAL_DAYS} days trial
        </Link>
      </ServiceHero>

      <Section id="essentials" title="The essentials" intro="What every business phone system should do, included from your first day.">
        <FeatureCards cards={essentialFeatures} />
      </Section>

      <Section id="extensions-example" tone="soft" title="A small office in three extensions" intro="A typical setup for a team of six, built in the dashboard in about ten minutes.">
        <ul className="sp-extensions" aria-label="Sample extensions">
          {sampleExtensions.map((extension) => (
            <li key={extension.number}>
              <span className="sp-ext-number">{extension.number}</span>
              <span>
                <strong>{extension.name}</strong>
                <br />
                <span className="sp-muted">{extension.rings}</span>
              </span>
            </li>
          ))}
        </ul>
        <p className="sp-note">
          Callers hear “Press 1 for reception, 2 for sales, 3 for accounts”, or dial the extension directly if they know it.
        </p>
      </Section>

      <Section id="advanced" title="Advanced features" intro="The tools larger firms pay extra for, on your plan as standard.">
        <FeatureCards columns={4} cards={advancedFeatures} />
        <p className="sp-note">
          Professional recordings cost <Price of={prices.voiceRecording} /> each: see <Link to="/answering-services">answering services</Link>.
        </p>
      </Section>

      <Section id="industries" tone="soft" title="How businesses like yours use it">
        <ul className="sp-cards sp-cols-3">
          {industryExamples.map((example) => (
            <li key={example.title} className="sp-card">
              <h3>{example.title}</h3>
              <p>{example.situation}</p>
              <ul className="sp-example-list">
                {example.setup.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>

      <AudienceTabs />

      <CtaPanel id="features-cta" title="Questions about a feature?" text={`Call our UK team on ${siteConfig.salesPhoneDisplay} or send us a message.`}>
        <Link to="/contact" className="button button-primary">
          Contact us
        </Link>
        <Link to="/plans-and-pricing" className="button button-light">
          Compare plans
        </Link>
      </CtaPanel>
    </>
  );
}
