import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FaqList } from '../../../../components/faq-list';
import { PageMeta } from '../../../../components/page-meta';
import { siteConfig } from '../../../../config/site';
import { formatPence } from '../../../../lib/format-money';
import type { PriceList } from '../../../../lib/api-types';
import { breadcrumbs, graph, monthlyOffer, service } from '../shared/json-ld';
import { CtaPanel, Section, ServiceHero } from '../shared/page-parts';
import { Tabs } from '../shared/tabs';
import { usePriceList } from '../shared/use-price-list';
import { broadbandFaq, CONNECTION_KINDS, connectionProducts, type ConnectionKind } from './broadband-data';

const PATH = '/business-broadband-page';
const DESCRIPTION =
  'Business broadband and leased lines for UK firms, priced a month ex VAT: symmetrical fibre with a static IP and a 24-hour fix promise, or a dedicated leased line up to 10 Gbps with a 5-hour fix.';

const SALES_MAILTO = `mailto:${siteConfig.salesEmail}?subject=${encodeURIComponent('Business broadband and leased lines')}`;

/** The quote form for the connection on show (docs/product-rules.md#quote-requests). */
const quotePath = (kind: ConnectionKind) => `/quote?product=${kind === 'leased' ? 'leasedLine' : 'broadband'}`;

/** Rows held while the prices load, so the table does not jump when they arrive. */
const PLACEHOLDER_ROWS = 3;

function PriceTable({ kind, priceList, failed }: { kind: ConnectionKind; priceList: PriceList | undefined; failed: boolean }) {
  const product = connectionProducts[kind];
  const offer = priceList ? product.offer(priceList) : undefined;
  return (
    <>
      <div className="sp-table-scroll">
        <table className="sp-table">
          <caption>{product.heading} prices, a month ex VAT</caption>
          <thead>
            <tr>
              <th scope="col">Speed</th>
              <th scope="col">Price a month (ex VAT)</th>
            </tr>
          </thead>
          <tbody>
            {offer
              ? offer.tiers.map((tier) => (
                  <tr key={tier.speedMbps}>
                    <th scope="row">{tier.speedLabel}</th>
                    <td className="sp-amount">{formatPence(tier.monthlyPence)}</td>
                  </tr>
                ))
              : Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
                  <tr key={index} aria-hidden="true">
                    <th scope="row">
                      <span className="sp-price is-loading">0000 Mbps</span>
                    </th>
                    <td className="sp-amount">
                      <span className="sp-price is-loading">£000.00</span>
                    </td>
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
      {failed && !offer && <p className="form-error">Prices could not be loaded. Please call us or try again later.</p>}
      <dl className="sp-facts">
        <div>
          <dt>Agreement</dt>
          <dd>{offer ? `${offer.agreementMonths} months` : <span className="sp-price is-loading">00 months</span>}</dd>
        </div>
        <div>
          <dt>Fix promise</dt>
          <dd>{product.fixPromise}</dd>
        </div>
        <div>
          <dt>Installation</dt>
          <dd>{product.installation}</dd>
        </div>
        <div>
          <dt>Static IP</dt>
          <dd>{product.staticIp}</dd>
        </div>
        <div>
          <dt>Uptime</dt>
          <dd>{product.uptime}</dd>
        </div>
        <div>
          <dt>Also</dt>
          <dd>{product.extra}</dd>
        </div>
      </dl>
    </>
  );
}

export function BusinessBroadbandPage() {
  const [kind, setKind] = useState<ConnectionKind>('broadband');
  const { priceList, isError } = usePriceList();
  const product = connectionProducts[kind];
  const tierOffers = (which: ConnectionKind) =>
    priceList
      ? connectionProducts[which]
          .offer(priceList)
          .tiers.map((tier) => monthlyOffer(tier.monthlyPence, { name: `${connectionProducts[which].heading} ${tier.speedLabel}` }))
          .filter((offer) => offer !== undefined)
      : undefined;
  return (
    <>
      <PageMeta
        title={`Business Broadband and Leased Lines | ${siteConfig.productName}`}
        description={DESCRIPTION}
        path={PATH}
        jsonLd={graph(
          service('Business broadband', connectionProducts.broadband.summary, PATH, tierOffers('broadband')),
          service('Leased lines', connectionProducts.leased.summary, PATH, tierOffers('leased')),
          breadcrumbs([
            { name: 'Services', path: '/services' },
            { name: 'Business broadband', path: PATH },
          ]),
        )}
      />
      <ServiceHero
        eyebrow="Business broadband and leased lines"
        title="Connectivity built for calls, video and the cloud"
        lead="A phone system is only as good as the line beneath it. Choose fibre broadband for most offices, or a dedicated leased line when every second of uptime matters."
      >
        <Link to={quotePath(kind)} className="button button-light">
          Request a quote
        </Link>
        <a href={SALES_MAILTO} className="button button-ghost">
          Email our sales team
        </a>
      </ServiceHero>

      <Section id="prices" title="Prices and terms" intro="Fixed monthly prices, shown ex VAT. Choose a connection to see its speeds and terms.">
        <Tabs
          label="Connection type"
          tabs={CONNECTION_KINDS.map((key) => ({ key, label: connectionProducts[key].tabLabel }))}
          selected={kind}
          onSelect={setKind}
        >
          <h3>{product.heading}</h3>
          <p className="sp-intro">{product.summary}</p>
          <PriceTable kind={kind} priceList={priceList} failed={isError} />
        </Tabs>
      </Section>

      <Section id="with-your-phones" tone="soft" title="Made for your phone system">
        <div className="sp-two">
          <p>
            Our lines are set up to give voice traffic priority, so calls stay clear while someone uploads a large file. Pair a line with our{' '}
            <Link to="/business-phone-system">business phone system</Link> and you have one supplier and one support number for both.
          </p>
          <p>
            Want a price for your address? <Link to={quotePath('broadband')}>Request a broadband quote</Link> or a{' '}
            <Link to={quotePath('leased')}>leased line quote</Link>, email <a href={SALES_MAILTO}>{siteConfig.salesEmail}</a> or call{' '}
            <a href={siteConfig.salesPhoneHref}>{siteConfig.salesPhoneDisplay}</a>.
          </p>
        </div>
      </Section>

      <Section id="broadband-questions" title="Questions about broadband and leased lines">
        <FaqList items={broadbandFaq} />
      </Section>

      <CtaPanel id="broadband-cta" title="Check what is available at your address" text="Send us your postcode and we will come back with your options and prices.">
        <Link to={quotePath(kind)} className="button button-primary">
          Request a quote
        </Link>
        <a href={SALES_MAILTO} className="button button-light">
          Email {siteConfig.salesEmail}
        </a>
        <Link to="/contact" className="button button-light">
          Contact us
        </Link>
      </CtaPanel>
    </>
  );
}
