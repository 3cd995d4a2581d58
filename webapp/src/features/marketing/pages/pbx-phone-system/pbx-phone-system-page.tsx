import { Link } from 'react-router-dom';
import { PageMeta } from '../../../../components/page-meta';
import { siteConfig } from '../../../../config/site';
import { ExpandableCards } from '../shared/expandable-cards';
import { breadcrumbs, graph, provider, schemaPrice } from '../shared/json-ld';
import { CtaPanel, Section, ServiceHero, StepList } from '../shared/page-parts';
import { Price } from '../shared/price';
import { prices } from '../shared/prices';
import { usePriceList } from '../shared/use-price-list';
import { comparison, pbxFeatureCards, pbxSetupSteps } from './pbx-data';

const PATH = '/pbx-phone-system';
const NAME = 'Cloud PBX phone system';
const DESCRIPTION =
  'Replace your on-site PBX with a cloud phone system: call routing, IVR menus, conference calls, music on hold and voicemail transcription, for up to 90% less than a traditional PBX.';

export function PbxPhoneSystemPage() {
  const { priceList } = usePriceList();
  return (
    <>
      <PageMeta
        title={`Cloud PBX Phone System | ${siteConfig.productName}`}
        description={DESCRIPTION}
        path={PATH}
        jsonLd={graph(
          {
            '@type': 'Product',
            name: `${siteConfig.productName} ${NAME}`,
            description: DESCRIPTION,
            brand: provider(),
            ...(priceList
              ? {
                  offers: {
                    '@type': 'AggregateOffer',
                    priceCurrency: 'GBP',
                    lowPrice: schemaPrice(priceList.cloudPbxFromMonthlyPence),
                    highPrice: schemaPrice(priceList.cloudPbxToMonthlyPence),
                  },
                }
              : {}),
          },
          breadcrumbs([
            { name: 'Services', path: '/services' },
            { name: 'Cloud PBX', path: PATH },
          ]),
        )}
      />
      <ServiceHero
        eyebrow="Cloud PBX"
        title="The phone system in your cupboard, moved to the cloud"
        lead="Everything your old PBX did, and a good deal it could not, for up to 90% less than a traditional PBX. No hardware to buy, no maintenance contract, no engineer visits."
      >
        <Link to="/quote" className="button button-light">
          Get a quote
        </Link>
        <a href={siteConfig.salesPhoneHref} className="button button-ghost">
          Call {siteConfig.salesPhoneDisplay}
        </a>
      </ServiceHero>
      <div className="container">
        <p className="sp-price-band">
          Cloud PBX from <Price of={prices.cloudPbxFrom} /> to <Price of={prices.cloudPbxTo} /> a month, depending on your users and sites.
          Prices exclude VAT.
        </p>
      </div>

      <Section id="old-vs-cloud" title="Old PBX or cloud PBX?" intro="What changes when the box in the cupboard goes.">
        <div className="sp-table-scroll">
          <table className="sp-table sp-compare">
            <caption className="visually-hidden">A traditional PBX compared with our cloud PBX</caption>
            <thead>
              <tr>
                <th scope="col">What matters</th>
                <th scope="col">Traditional PBX</th>
                <th scope="col">{siteConfig.productName} cloud PBX</th>
              </tr>
            </thead>
            <tbody>
              {comparison.map(([topic, old, cloud]) => (
                <tr key={topic}>
                  <th scope="row">{topic}</th>
                  <td>{old}</td>
                  <td>{cloud}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id="pbx-features" tone="soft" title="What your cloud PBX does" intro="Open a card to see the details.">
        <ExpandableCards cards={pbxFeatureCards} />
      </Section>

      <Section id="pbx-setup" title="How we set you up" intro="Moving a phone system sounds daunting. We do the heavy lifting.">
        <StepList label="Cloud PBX setup" steps={pbxSetupSteps} />
      </Section>

      <CtaPanel id="pbx-cta" title="See what you would save" text="Compare our plans, or send us your current setup and we will quote within one working day.">
        <Link to="/plans-and-pricing" className="button button-primary">
          Compare plans
        </Link>
        <Link to="/quote" className="button button-light">
          Get a quote
        </Link>
      </CtaPanel>
    </>
  );
}
