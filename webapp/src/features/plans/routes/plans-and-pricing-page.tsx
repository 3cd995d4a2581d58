import { PageMeta } from '../../../components/page-meta';
import { FaqList } from '../../../components/faq-list';
import { PortingSection } from '../../../components/marketing/porting';
import { Testimonials } from '../../../components/marketing/testimonials';
import { TrialPromises } from '../../../components/marketing/trial-promises';
import { siteConfig } from '../../../config/site';
import { useAppSelector } from '../../../app/hooks';
import { selectBillingCycle } from '../billing-slice';
import { AdditionalFeatures } from '../components/additional-features';
import { BillingCycleControl } from '../components/billing-cycle-control';
import { CompareFeatures } from '../components/compare-features';
import { PlanCards } from '../components/plan-cards';
import { plansPageRules } from '../quantity-rules';
import type { BuyNowHandler } from '../types';

const faq = [
  { question: 'Is there a contract?', answer: 'No. Every plan runs month to month (or year to year) and you can cancel with one month’s notice.' },
  { question: 'How does yearly billing work?', answer: 'Pay for twelve months up front and save 20% compared with paying monthly.' },
  { question: 'How is Multi User priced?', answer: 'Multi User is priced per block of 4 users. Choose 4, 8, 12 users and so on.' },
  { question: 'Is VAT included?', answer: 'Prices are shown without VAT. VAT at 20% is added at checkout.' },
  { question: 'Can I change plans later?', answer: 'Yes, you can upgrade or downgrade at any time from your dashboard.' },
];

export function PlansAndPricingPage({ onBuyNow }: { onBuyNow: BuyNowHandler }) {
  const cycle = useAppSelector(selectBillingCycle);
  return (
    <>
      <PageMeta
        title={`Plans and Pricing: business phone plans from £4.99 a month`}
        description="Compare Pay As You Go, Single User and Multi User VoIP plans. No contracts, free setup, save 20% with yearly billing."
        path="/plans-and-pricing"
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: `${siteConfig.productName} business phone plans`,
          offers: { '@type': 'AggregateOffer', priceCurrency: 'GBP', lowPrice: '4.99', highPrice: '14.90' },
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
          <FaqList items={faq} />
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
