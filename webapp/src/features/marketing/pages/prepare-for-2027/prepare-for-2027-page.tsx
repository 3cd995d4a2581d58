import { Link } from 'react-router-dom';
import { PageMeta } from '../../../../components/page-meta';
import { siteConfig } from '../../../../config/site';
import { breadcrumbs, graph, provider } from '../shared/json-ld';
import { CtaPanel, FeatureCards, Section, ServiceHero, StepList } from '../shared/page-parts';
import { affectedThings, ARTICLE_DATES, checklist, timeline } from './switch-off-data';
import './prepare-for-2027.css';
import { TRIAL_DAYS } from '../../../../config/trial';

const PATH = '/prepare-for-2027';
const HEADLINE = 'The 2027 switch-off: what it means for your business';
const DESCRIPTION =
  'The UK’s old copper phone network (PSTN) and ISDN are being switched off, with the industry aiming to finish by January 2027. What changes for a business, the timeline, and a checklist of what to do now.';

export function PrepareFor2027Page() {
  return (
    <>
      <PageMeta
        title={`Prepare for the 2027 landline switch-off | ${siteConfig.productName}`}
        description={DESCRIPTION}
        path={PATH}
        jsonLd={graph(
          {
            '@type': 'Article',
            headline: HEADLINE,
            description: DESCRIPTION,
            datePublished: ARTICLE_DATES.published,
            dateModified: ARTICLE_DATES.modified,
            inLanguage: 'en-GB',
            mainEntityOfPage: `${siteConfig.siteUrl}${PATH}`,
            author: provider(),
            publisher: provider(),
            about: [
              { '@type': 'Thing', name: 'PSTN switch-off' },
              { '@type': 'Thing', name: 'ISDN' },
            ],
          },
          breadcrumbs([{ name: 'Prepare for 2027', path: PATH }]),
        )}
      />
      <ServiceHero
        eyebrow="The 2027 switch-off"
        title={HEADLINE}
        lead="The UK’s old copper phone network is closing. For most businesses the change is simple, and the numbers customers know can stay. Here is what is happening, what it touches, and what to do, in plain English."
      >
        <Link to="/free-trial-numbers" className="button button-light">
          Start {TRIAL_DAYS} days trial
        </Link>
        <a href="#checklist" className="button button-ghost">
          Jump to the checklist
        </a>
      </ServiceHero>

      <Section id="what-is-happening" title="What is happening">
        <div className="article-text">
          <p>
            For over a century, UK phone calls have travelled over the public switched telephone network (PSTN): analogue lines from the local
            exchange, and ISDN lines for businesses with several calls at once. Openreach, which runs most of those lines, is retiring both.
            The industry’s target is to complete the switch-off by January 2027.
          </p>
          <p>
            The copper wire into your building may well stay, because it often carries your broadband. What ends is the old analogue phone
            service on it. From then on every call travels over an internet connection as data, which is called VoIP (voice over internet
            protocol) or digital voice.
          </p>
          <p>
            Nothing is switched off overnight for everyone. Lines are moved in stages, and providers write to their customers before a line
            changes. The catch is that your provider picks the date. Moving on your own timetable means you choose when, test first, and keep
            your numbers.
          </p>
        </div>
      </Section>

      <Section
        id="what-changes"
        tone="soft"
        title="What changes for a business"
        intro="Phones are the obvious part. The devices that quietly use a phone line are the ones people forget, so check each of these."
      >
        <FeatureCards cards={affectedThings} />
      </Section>

      <Section id="timeline" title="The timeline" intro="As the industry describes it. Your own line may move sooner: your current provider tells you when.">
        <ol className="switch-off-timeline">
          {timeline.map((stage) => (
            <li key={stage.title}>
              <p className="switch-off-when">{stage.when}</p>
              <h3>{stage.title}</h3>
              <p>{stage.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="checklist" tone="soft" title="What to do now" intro="Five steps, in order. None of them needs an engineer or a visit.">
        <StepList label="What to do before the switch-off" steps={checklist} />
      </Section>

      <CtaPanel
        id="prepare-cta"
        title="Move before your line is moved for you"
        text={`Try us with a free number for ${TRIAL_DAYS} days, no card needed. Then bring your own numbers across, free.`}
      >
        <Link to="/free-trial-numbers" className="button button-primary">
          Start {TRIAL_DAYS} days trial
        </Link>
        <Link to="/plans-and-pricing" className="button button-light">
          See plans and prices
        </Link>
      </CtaPanel>
    </>
  );
}
