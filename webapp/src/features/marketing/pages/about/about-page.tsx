import { Link } from 'react-router-dom';
import { PageMeta } from '../../../../components/page-meta';
import { siteConfig } from '../../../../config/site';
import { breadcrumbs, graph } from '../shared/json-ld';
import { CtaPanel, FeatureCards, Section, ServiceHero } from '../shared/page-parts';
import { initials, stats, team, values } from './about-data';

const PATH = '/about';
const DESCRIPTION = `${siteConfig.productName} has run hosted phone systems for UK businesses and homes since 2010: our story, our values and the people behind the service.`;

export function AboutPage() {
  const name = siteConfig.productName;
  return (
    <>
      <PageMeta
        title={`About Us | ${name}`}
        description={DESCRIPTION}
        path={PATH}
        jsonLd={graph(
          {
            '@type': 'Organization',
            name,
            url: siteConfig.siteUrl,
            foundingDate: '2010',
            telephone: siteConfig.salesPhoneDisplay,
            email: siteConfig.salesEmail,
            employee: team.map((member) => ({ '@type': 'Person', name: member.name, jobTitle: member.role })),
          },
          breadcrumbs([{ name: 'About us', path: PATH }]),
        )}
      />
      <ServiceHero
        eyebrow={`About ${name}`}
        title="We make business phones simple, and keep them that way"
        lead="A UK phone company for small businesses and households, built by people who used to install the old systems and knew there was a better way."
      />

      <Section id="story" title="Our story">
        <div className="sp-two">
          <p>
            {name} started in 2010 in a small London office with one idea: a small business should get the same phone system as a large one,
            without the engineer visits, the upfront costs or the five-year contract. Our first customers were a dental practice, a firm of
            solicitors and a plumber who wanted his van phone to look like an office.
          </p>
          <p>
            More than ten years and 2,000 businesses later, the idea has not changed. We still answer our own phones, we still publish our prices,
            and we still measure ourselves by how many customers stay. With the UK’s copper phone network closing in 2027, we now help households
            make the move too.
          </p>
        </div>
      </Section>

      <Section id="in-numbers" tone="soft" title={`${name} in numbers`}>
        <ul className="sp-stats">
          {stats.map((stat) => (
            <li key={stat.label} className="sp-stat">
              <span className="sp-stat-figure">{stat.figure}</span>
              <span className="sp-stat-label">{stat.label}</span>
              <span className="sp-stat-note">{stat.note}</span>
            </li>
          ))}
        </ul>
        <p className="sp-note">Our support line answers {siteConfig.supportPhoneHours}, Monday to Friday; outages are handled at any hour.</p>
      </Section>

      <Section id="values" title="What we believe">
        <FeatureCards columns={4} cards={values} />
      </Section>

      <Section id="team" tone="soft" title="The people behind the service">
        <ul className="sp-cards sp-cols-4 sp-team">
          {team.map((member) => (
            <li key={member.name} className="sp-card">
              <span className={`sp-avatar tone-${member.tone}`} aria-hidden="true">
                {initials(member.name)}
              </span>
              <h3>{member.name}</h3>
              <p className="sp-role">{member.role}</p>
              <p>{member.bio}</p>
            </li>
          ))}
        </ul>
      </Section>

      <CtaPanel id="about-cta" title="Talk to us" text="Questions about switching, or just want to hear a friendly voice? We would like to hear from you.">
        <Link to="/contact" className="button button-primary">
          Contact us
        </Link>
        <Link to="/plans-and-pricing" className="button button-light">
          See plans and pricing
        </Link>
      </CtaPanel>
    </>
  );
}
