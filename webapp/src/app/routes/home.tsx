import { PageMeta } from '../../components/page-meta';
import { Testimonials } from '../../components/marketing/testimonials';
import { siteConfig } from '../../config/site';
import { CloudComparison, CtaBanner, FaqTeaser, Hero, ServicesGrid } from '../../features/marketing';
import { HomePlans } from '../../features/plans/components/home-plans';
import { useCatalogue, monthlyPlanPrices } from '../../lib/catalogue';
import { formatPence } from '../../lib/format-money';
import { useBuyNow } from '../use-buy-now';
import { TRIAL_DAYS } from '../../config/trial';

export function Component() {
  const onBuyNow = useBuyNow();
  // The price list is in the prerendered page (and the store) from the first render.
  const { data: catalogue } = useCatalogue();
  const fromPence = catalogue ? monthlyPlanPrices(catalogue)[0] : undefined;
  return (
    <>
      <PageMeta
        title={`${siteConfig.productName} | UK Business Phone Systems${fromPence === undefined ? '' : ` from ${formatPence(fromPence)}`}`}
        description={`Hosted VoIP phone systems for UK businesses and homes. No contracts, free setup, free number porting and a ${TRIAL_DAYS}-day free trial.`}
        path="/"
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: siteConfig.productName,
          url: siteConfig.siteUrl,
          telephone: siteConfig.salesPhoneDisplay,
          aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.8', bestRating: '5', ratingCount: '2000' },
        }}
      />
      <Hero fromPence={fromPence} />
      <div className="container">
        <HomePlans onBuyNow={onBuyNow} />
        <ServicesGrid />
      </div>
      <CtaBanner />
      <div className="container">
        <CloudComparison />
        <FaqTeaser />
        <Testimonials headingId="home-testimonials-heading" />
      </div>
    </>
  );
}
