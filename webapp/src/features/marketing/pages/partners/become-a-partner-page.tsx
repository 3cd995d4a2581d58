import { Link } from 'react-router-dom';
import { PageMeta } from '../../../../components/page-meta';
import { siteConfig } from '../../../../config/site';
import { breadcrumbs, graph } from '../shared/json-ld';
import { Section, ServiceHero, TickList } from '../shared/page-parts';
import { PartnerApplicationForm } from './partner-application-form';

const PATH = '/become-a-partner';
const DESCRIPTION = `Apply to join the ${siteConfig.productName} partner program as a reseller agent or an infrastructure agent. No fee, no targets, recurring commission.`;

export function BecomeAPartnerPage() {
  return (
    <>
      <PageMeta
        title={`Become a Partner | ${siteConfig.productName}`}
        description={DESCRIPTION}
        path={PATH}
        jsonLd={graph(
          { '@type': 'ContactPage', name: `Become a ${siteConfig.productName} partner`, description: DESCRIPTION, url: `${siteConfig.siteUrl}${PATH}` },
          breadcrumbs([
            { name: 'Partner program', path: '/partner-program' },
            { name: 'Become a partner', path: PATH },
          ]),
        )}
      />
      <ServiceHero
        eyebrow="Become a partner"
        title="Apply to become a partner"
        lead="Tell us a little about your business. A partner manager will call you within one working day to talk it through."
      />
      <Section id="apply" title="Before you apply" intro="What we look for, and what happens next.">
        <div className="sp-two">
          <div>
            <TickList
              items={[
                'You advise, support or supply UK businesses: accountants, IT firms, installers and consultants all do well.',
                'You want to offer your clients a phone system without running one yourself.',
                'There is no joining fee and no sales target.',
              ]}
            />
            <p>
              Not sure which role fits? Read about both on the <Link to="/partner-program">partner program</Link> page, or call us on{' '}
              <a href={siteConfig.salesPhoneHref}>{siteConfig.salesPhoneDisplay}</a>.
            </p>
          </div>
          <PartnerApplicationForm />
        </div>
      </Section>
    </>
  );
}
