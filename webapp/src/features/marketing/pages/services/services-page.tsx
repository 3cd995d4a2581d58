import { Link } from 'react-router-dom';
import { PageMeta } from '../../../../components/page-meta';
import { siteConfig } from '../../../../config/site';
import { breadcrumbs, graph } from '../shared/json-ld';
import { Icon } from '../shared/icon';
import { CtaPanel, Section, ServiceHero } from '../shared/page-parts';
import { Price } from '../shared/price';
import { serviceGroups, type ServiceEntry } from './services-data';
import { TRIAL_DAYS } from '../../../../config/trial';

const PATH = '/services';
const DESCRIPTION =
  'Every service we sell to UK businesses and homes: business phone systems, cloud PBX, answering services, video meetings, residential VoIP, broadband, leased lines, numbers and desk phones.';

function ServiceCard({ entry }: { entry: ServiceEntry }) {
  return (
    <li className="sp-card">
      <span className="sp-card-icon">
        <Icon name={entry.icon} />
      </span>
      <h3>{entry.title}</h3>
      <p>{entry.text}</p>
      {entry.price && (
        <p className="sp-card-price">
          {entry.price.label} <Price of={entry.price.of} />
          {entry.price.to && (
            <>
              {' '}
              to <Price of={entry.price.to} />
            </>
          )}{' '}
          {entry.price.unit}
        </p>
      )}
      <Link to={entry.to} aria-label={`${entry.title}: find out more`}>
        Find out more →
      </Link>
    </li>
  );
}

export function ServicesPage() {
  const entries = serviceGroups.flatMap((group) => group.entries);
  return (
    <>
      <PageMeta
        title={`Our Services: phone systems, numbers and broadband | ${siteConfig.productName}`}
        description={DESCRIPTION}
        path={PATH}
        jsonLd={graph(
          {
            '@type': 'ItemList',
            name: `${siteConfig.productName} services`,
            itemListElement: entries.map((entry, index) => ({
              '@type': 'ListItem',
              position: index + 1,
              name: entry.title,
              url: `${siteConfig.siteUrl}${entry.to}`,
            })),
          },
          breadcrumbs([{ name: 'Services', path: PATH }]),
        )}
      />
      <ServiceHero
        eyebrow="Our services"
        title="Everything your business needs to talk to its customers"
        lead={`${siteConfig.productName} runs the phones of more than 2,000 UK businesses and households. Pick the pieces you need: each one works on its own and works better together.`}
      >
        <Link to="/plans-and-pricing" className="button button-light">
          See plans and pricing
        </Link>
        <Link to="/contact" className="button button-ghost">
          Ask us what fits
        </Link>
      </ServiceHero>
      {serviceGroups.map((group, index) => (
        <Section key={group.id} id={group.id} title={group.title} intro={group.intro} tone={index % 2 ? 'soft' : 'plain'}>
          <ul className={`sp-cards sp-cols-${group.entries.length === 4 ? 4 : group.entries.length === 2 ? 2 : 3}`}>
            {group.entries.map((entry) => (
              <ServiceCard key={entry.title} entry={entry} />
            ))}
          </ul>
        </Section>
      ))}
      <CtaPanel id="services-cta" title="Not sure where to start?" text={`Try the phone system free for ${TRIAL_DAYS} days with a UK number, or call us and we will suggest a setup for your team.`}>
        <Link to="/free-trial-numbers" className="button button-primary">
          Start {TRIAL_DAYS} days trial
        </Link>
        <a href={siteConfig.salesPhoneHref} className="button button-light">
          Call {siteConfig.salesPhoneDisplay}
        </a>
      </CtaPanel>
    </>
  );
}
