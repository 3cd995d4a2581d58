import { Link } from 'react-router-dom';
import { FaqList, faqPageJsonLd } from '../../../components/faq-list';
import { PageMeta } from '../../../components/page-meta';
import { siteConfig } from '../../../config/site';
import { faqItems } from '../faq-items';
import '../faq.css';

/** /faq: the ten common questions, one answer open at a time. */
export function FaqPage() {
  return (
    <>
      <PageMeta
        title="Frequently Asked Questions about business VoIP"
        description={`Answers about contracts, signing up, equipment, features, greetings, voicemail alerts, cost, payment, changing plan and cancelling ${siteConfig.productName}.`}
        path="/faq"
        jsonLd={faqPageJsonLd(faqItems)}
      />
      <section className="page-hero compact">
        <div className="container">
          <h1>Frequently Asked Questions</h1>
          <p className="lead">The questions UK businesses ask us most before they switch, answered plainly.</p>
        </div>
      </section>
      <div className="container page-body faq-page">
        <FaqList items={faqItems} headingLevel={2} />
        <section className="notice faq-more" aria-labelledby="faq-more-heading">
          <h2 id="faq-more-heading">Still have a question?</h2>
          <p>
            Call us on <a href={siteConfig.salesPhoneHref}>{siteConfig.salesPhoneDisplay}</a> ({siteConfig.officeHours.days},{' '}
            {siteConfig.officeHours.opens}–{siteConfig.officeHours.closes}), send us a message from the{' '}
            <Link to="/contact">contact page</Link>, or read the set-up guides on the <Link to="/support">support page</Link>.
          </p>
        </section>
      </div>
    </>
  );
}
