import { PageMeta } from '../../../components/page-meta';
import { FaqList } from '../../../components/faq-list';
import { PortingSection } from '../../../components/marketing/porting';
import { Testimonials } from '../../../components/marketing/testimonials';
import { TrialPromises } from '../../../components/marketing/trial-promises';
import { siteConfig } from '../../../config/site';
import { useAppSelector } from '../../../lib/store-hooks';
import type { Catalogue } from '../../../lib/api-types';
import { monthlyPlanPrices, useCatalogue } from '../../../lib/catalogue';
import { formatPence, penceAsDecimal } from '../../../lib/format-money';
import { selectBillingCycle } from '../billing-slice';
import { AdditionalFeatures } from '../components/additional-features';
import { BillingCycleControl } from '../components/billing-cycle-control';
import { CompareFeatures } from '../components/compare-features';
import { PlanCards } from '../components/plan-cards';
import { plansPageRules } from '../quantity-rules';
import type { BuyNowHandler } from '../types';

/** The page's FAQ; its figures (discount, VAT) come from the price list once it is known. */
function planFaq(catalogue: Catalogue | undefined) {
  const discount = catalogue ? `save ${catalogue.yearlyDiscountPercent}%` : 'save';
  const vat = catalogue ? `VAT at ${catalogue.vatPercent}%` : 'VAT';
  return [
    { question: 'Is there a contract?', answer: 'No. Every plan runs month to month (or year to year) and you can cancel with one month’s notice.' },
    { question: 'How does yearly billing work?', answer: `Pay for twelve months up front and ${discount} compared with paying monthly.` },
    { question: 'How is Multi User priced?', answer: 'Multi User is priced per block of 4 users. Choose 4, 8, 12 users and so on.' },
    { question: 'Is VAT included?', answer: `Prices are shown without VAT. ${vat} is added at checkout.` },
    { question: 'Can I change plans later?', answer: 'Yes, you can upgrade or downgrade at any time from your dashboard.' },
  ];
}

export function PlansAndPricingPage({ onBuyNow }: { onBuyNow: BuyNowHandler }) {
  const cycle = useAppSelector(selectBillingCycle);
  // The price list is in the prerendered page (and the store) from the first render.
  const { data: catalogue } = useCatalogue();
  const prices = catalogue ? monthlyPlanPrices(catalogue) : [];
  const [lowest, highest] = [prices[0], prices.at(-1)];
  return (
    <>
      <PageMeta
        title={`Plans and Pricing: business phone plans${lowest === undefined ? '' : ` from ${formatPence(lowest)} a month`}`}
        description={`Compare Pay As You Go, Single User and Multi User VoIP plans. No contracts, free setup, ${catalogue ? `save ${catalogue.yearlyDiscountPercent}%` : 'save'} with yearly billing.`}
        path="/plans-and-pricing"
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: `${siteConfig.productName} business phone plans`,
          ...(lowest !== undefined &&
            highest !== undefined && {
              offers: {
                '@type': 'AggregateOffer',
                priceCurrency: catalogue?.currency ?? 'GBP',
                lowPrice: penceAsDecimal(lowest),
                highPrice: penceAsDecimal(highest),
              },
            }),
        }}
      />
      <section className="page-hero compact">
        <div className="container">
          <h1>Plans and Pricing</h1>
          <p className="lead">Simple, contract-free phone plans for UK businesses. Prices exclude VAT.</p>
          <BillingCycleControl />
        </div>
      </section>
      <div className="container">
        <section className="section" aria-labelledby="plans-heading">
          {/* Named for screen readers and the heading outline (h1 → h2 → each card's h3). */}
          <h2 id="plans-heading" className="visually-hidden">
            Plans
          </h2>
          <PlanCards cycle={cycle} rules={plansPageRules} onBuyNow={onBuyNow} />
        </section>
        <CompareFeatures />
        <AdditionalFeatures />
        <PortingSection />
        <Testimonials />
        <section className="section" aria-labelledby="plans-faq-heading">
          <h2 id="plans-faq-heading">Frequently asked questions</h2>
          <FaqList items={planFaq(catalogue)} />
        </section>
        <TrialPromises />
        <section className="section contact-strip">
          <h2>Prefer to talk it through?</h2>
          <p>
            Call our UK team on <a href={siteConfig.salesPhoneHref}>{siteConfig.salesPhoneDisplay}</a>, {siteConfig.officeHours.days}{' '}
            {siteConfig.officeHours.opens}–{siteConfig.officeHours.closes}.
          </p>
        </section>
      </div>
    </>
  );
}
