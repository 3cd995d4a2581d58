import { Link } from 'react-router-dom';
import { FaqList } from '../../../../components/faq-list';
import { PageMeta } from '../../../../components/page-meta';
import { formatMinutes, includedUkMinutes } from '../../../../config/plan-minutes';
import { siteConfig } from '../../../../config/site';
import { breadcrumbs, graph, monthlyOffer, service } from '../shared/json-ld';
import { CtaPanel, FeatureCards, Section, ServiceHero, StepList, TickList } from '../shared/page-parts';
import { Price } from '../shared/price';
import { prices } from '../shared/prices';
import { usePriceList } from '../shared/use-price-list';
import { regions, residentialFaq, residentialFeatures, residentialSetupSteps } from './residential-data';
import { TRIAL_DAYS } from '../../../../config/trial';

const PATH = '/residential-voip';
const NAME = 'Residential VoIP';
const DESCRIPTION =
  'Keep your home phone number when the UK landline network switches off. Internet calling over any broadband with spam blocking, a mobile app and free 999 calls.';

/** Pay as you go's UK call rates, read from the plan ("1p", "8.3p"). */
function CallRates() {
  const { catalogue } = usePriceList();
  const rates = catalogue?.plans.find((plan) => plan.id === 'payAsYouGo')?.callRates;
  if (!rates) return <>pay only for the calls you make</>;
  return (
    <>
      {rates.ukLandlineLabel} a minute to UK landlines and {rates.ukMobileLabel} to mobiles
    </>
  );
}

export function ResidentialVoipPage() {
  const { priceList } = usePriceList();
  return (
    <>
      <PageMeta
        title={`Residential VoIP: keep your home number | ${siteConfig.productName}`}
        description={DESCRIPTION}
        path={PATH}
        jsonLd={graph(
          service(NAME, DESCRIPTION, PATH, monthlyOffer(priceList?.residentialFromMonthlyPence, { name: 'Home phone' })),
          breadcrumbs([
            { name: 'Services', path: '/services' },
            { name: NAME, path: PATH },
          ]),
        )}
      />
      <ServiceHero
        eyebrow="Home phone over broadband"
        title="Your home phone, ready for the landline switch-off"
        lead="The old copper phone network is closing. Keep your number, keep your phone, and make clearer, cheaper calls over the broadband you already pay for."
      >
        <Link to="/free-trial-numbers" className="button button-light">
          Start {TRIAL_DAYS} days trial
        </Link>
        <Link to="#pricing" className="button button-ghost">
          See prices
        </Link>
      </ServiceHero>

      <Section id="pricing" title="Simple prices for the home" intro="No line rental and no contract. Prices exclude VAT.">
        <ul className="sp-plan-cards">
          <li className="sp-plan">
            <h3>Pay as you go</h3>
            <p className="sp-plan-price">
              <strong>
                <Price of={prices.planMonthly('payAsYouGo')} />
              </strong>{' '}
              a month
            </p>
            <ul>
              <li>
                <CallRates />
              </li>
              <li>
                Start with <Price of={prices.minimumTopUp} /> of call credit
              </li>
              <li>Best for a phone you mostly answer</li>
            </ul>
            <Link to="/plans-and-pricing" className="button button-secondary">
              Choose pay as you go
            </Link>
          </li>
          <li className="sp-plan is-featured">
            <p className="sp-plan-badge">Most homes</p>
            <h3>Home phone</h3>
            <p className="sp-plan-price">
              from{' '}
              <strong>
                <Price of={prices.residentialFrom} />
              </strong>{' '}
              a month
            </p>
            <ul>
              <li>Your number kept, or a new one in your area code</li>
              <li>Spam call blocking and voicemail to email</li>
              <li>Mobile app so your home number rings anywhere</li>
            </ul>
            <Link to="/contact" className="button button-primary">
              Get your home phone
            </Link>
          </li>
          <li className="sp-plan">
            <h3>Working from home</h3>
            <p className="sp-plan-price">
              <strong>
                <Price of={prices.planMonthly('singleUser')} />
              </strong>{' '}
              a month
            </p>
            <ul>
              <li>A separate business number beside your home line</li>
              <li>{formatMinutes(includedUkMinutes.singleUser)} UK minutes and one number included</li>
              <li>Business greetings and voicemail</li>
            </ul>
            <Link to="/plans-and-pricing" className="button button-secondary">
              See the Single User plan
            </Link>
          </li>
        </ul>
      </Section>

      <Section id="why-choose" tone="soft" title={`Why households choose ${siteConfig.productName}`}>
        <TickList
          items={[
            'No line rental: you already pay for broadband, so you stop paying twice.',
            'UK-based support that answers the phone and explains things plainly.',
            'No contract: cancel with one month’s notice, with a 30-day money-back guarantee.',
            'A network with 99.9% uptime, run from UK data centres.',
          ]}
        />
      </Section>

      <Section id="features" title="What your home line can do">
        <FeatureCards cards={residentialFeatures} />
      </Section>

      <Section
        id="migration"
        tone="soft"
        title="Moving from your old landline"
        intro="BT Openreach is retiring the copper phone network by 2027, and every home line is moving to digital. Moving now means you choose the date, not your provider."
      >
        <div className="sp-two">
          <TickList
            label="What we do"
            items={[
              'We request the transfer of your number, free of charge.',
              'A home landline usually moves in 1-2 weeks; we tell you the date in advance.',
              'Your old line keeps working until the moment your number arrives with us.',
            ]}
          />
          <TickList
            label="What to check"
            items={[
              'Tell us about any telecare or burglar alarm that uses your phone line.',
              'Keep your broadband: cancelling the phone part of an old package does not cancel the broadband.',
              'Have a mobile for 999 calls if your power or broadband goes down.',
            ]}
          />
        </div>
        <p className="sp-note">
          Running a business from home as well? Read <Link to="/prepare-for-2027">how to prepare for the 2027 switch-off</Link>.
        </p>
      </Section>

      <Section id="residential-questions" title="Questions from households">
        <FaqList items={residentialFaq} />
      </Section>

      <Section id="get-started" tone="soft" title="Get started in four steps">
        <StepList label="Get started" steps={residentialSetupSteps} />
      </Section>

      <Section
        id="regions"
        title="Local numbers across the UK"
        intro="We serve homes in England, Scotland, Wales and Northern Ireland. Keep your number, or choose a new one with your local area code, including:"
      >
        <ul className="sp-regions" aria-label="Area codes">
          {regions.map((region) => (
            <li key={region.code}>
              {region.name} {region.code}
            </li>
          ))}
        </ul>
        <p className="sp-note">
          Other area codes are on our <Link to="/all-phone-numbers">UK numbers page</Link>.
        </p>
      </Section>

      <CtaPanel id="residential-cta" title="Try it before your landline goes" text={`A free number for ${TRIAL_DAYS} days. Hear the difference, then keep your own.`}>
        <Link to="/free-trial-numbers" className="button button-primary">
          Start {TRIAL_DAYS} days trial
        </Link>
        <Link to="/residential-features" className="button button-light">
          See every home feature
        </Link>
      </CtaPanel>
    </>
  );
}
