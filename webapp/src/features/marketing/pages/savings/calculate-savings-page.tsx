import { Link } from 'react-router-dom';
import { PageMeta } from '../../../../components/page-meta';
import { formatMinutes, includedUkMinutes } from '../../../../config/plan-minutes';
import { siteConfig } from '../../../../config/site';
import type { Catalogue } from '../../../../lib/api-types';
import { formatPence } from '../../../../lib/format-money';
import { breadcrumbs, graph } from '../shared/json-ld';
import { CtaPanel, Section, ServiceHero, TickList } from '../shared/page-parts';
import { usePriceList } from '../shared/use-price-list';
import { SavingsCalculator } from './savings-calculator';
import { TRIAL_DAYS } from '../../../../config/trial';

const PATH = '/calculate-savings';
const NAME = 'Phone bill savings calculator';
const DESCRIPTION =
  'Enter your phone lines, monthly bill and call minutes to see which plan we would put you on, what it costs a month with and without VAT, and what you would save in a year.';

/** What the estimate counts and what it leaves out, with the catalogue's own figures. */
function Assumptions({ catalogue }: { catalogue: Catalogue | undefined }) {
  const payg = catalogue?.plans.find((plan) => plan.id === 'payAsYouGo');
  const multi = catalogue?.plans.find((plan) => plan.id === 'multiUser');
  const rates = payg?.callRates;
  return (
    <p className="savings-assumptions">
      We compare like with like: your bill and our prices both without VAT. Single User includes{' '}
      {formatMinutes(includedUkMinutes.singleUser)} UK minutes a month and Multi User {formatMinutes(includedUkMinutes.multiUser)} for each
      block of {multi?.usersPerBlock ?? 'four'} users, as on our plans page; we price any minutes beyond those at the Pay As You Go rate for
      UK landlines{rates ? `, ${rates.ukLandlineLabel} a minute (calls to mobiles cost ${rates.ukMobileLabel})` : ''}. We count one phone
      number: Single User and Multi User include it, and Pay As You Go adds{' '}
      {payg ? `${formatPence(payg.extraNumber.monthlyPence)} a month` : 'the price of a number'}. VAT is{' '}
      {catalogue ? `${catalogue.vatPercent}%` : 'added'} on top. Desk phones, add-ons and calls abroad are not included.
    </p>
  );
}

export function CalculateSavingsPage() {
  const { catalogue, isError } = usePriceList();
  return (
    <>
      <PageMeta
        title={`Savings calculator: what would you pay with us? | ${siteConfig.productName}`}
        description={DESCRIPTION}
        path={PATH}
        jsonLd={graph(
          {
            '@type': 'WebApplication',
            name: `${siteConfig.productName} ${NAME.toLowerCase()}`,
            description: DESCRIPTION,
            url: `${siteConfig.siteUrl}${PATH}`,
            applicationCategory: 'BusinessApplication',
            operatingSystem: 'Any',
            browserRequirements: 'Requires JavaScript',
            isAccessibleForFree: true,
          },
          breadcrumbs([{ name: 'Savings calculator', path: PATH }]),
        )}
      />
      <ServiceHero
        eyebrow="Savings calculator"
        title="What would your phones cost with us?"
        lead="Three figures from your last phone bill are enough. You get the plan we would put you on, its monthly price from our price list and the saving over a year, worked out as you type."
      />

      <Section
        id="calculator"
        title="Work out your saving"
        intro="Take the figures from your latest bill. What you type stays in your browser: we do not record it."
      >
        <SavingsCalculator catalogue={catalogue} isError={isError} />
        <Assumptions catalogue={catalogue} />
      </Section>

      <Section id="where-savings-come-from" tone="soft" title="Where the saving usually comes from">
        <TickList
          items={[
            'No line rental: your calls run over the broadband you already pay for.',
            'Minutes included with each plan, instead of a charge for every call.',
            'No phone system to rent or maintain, and no engineer visits to add a person.',
            <>
              Numbers move to us free of charge, so customers keep calling the number they know. Read{' '}
              <Link to="/prepare-for-2027">how to prepare for the 2027 switch-off</Link>.
            </>,
          ]}
        />
      </Section>

      <CtaPanel id="savings-cta" title="Try it before you switch" text={`A free UK number for ${TRIAL_DAYS} days, with no card needed. Or compare every plan side by side.`}>
        <Link to="/free-trial-numbers" className="button button-primary">
          Start {TRIAL_DAYS} days trial
        </Link>
        <Link to="/plans-and-pricing" className="button button-light">
          Compare plans
        </Link>
      </CtaPanel>
    </>
  );
}
