import { Link } from 'react-router-dom';
import { FaqList } from '../../../../components/faq-list';
import { PageMeta } from '../../../../components/page-meta';
import { siteConfig } from '../../../../config/site';
import { breadcrumbs, graph, monthlyOffer, service } from '../shared/json-ld';
import { CtaPanel, FeatureCards, Section, ServiceHero, TickList } from '../shared/page-parts';
import { Price } from '../shared/price';
import { prices } from '../shared/prices';
import { usePriceList } from '../shared/use-price-list';
import { TRIAL_DAYS } from '../../../../config/trial';

const PATH = '/business-phone-system';
const NAME = 'Business phone system';
const DESCRIPTION =
  'A hosted business phone system for UK teams: work from anywhere, HD voice, mobile and desktop apps, and call routing that sends every caller to the right person. No contracts.';

const faq = [
  {
    question: 'Do I need new phones?',
    answer:
      'Not necessarily. Most people start with the free apps on their mobile and computer. If you want desk phones, we sell handsets that arrive set up, and many phones you already own will work too.',
  },
  {
    question: 'How many people can use it?',
    answer: 'Any number. Add a user in a minute from your dashboard and remove them just as quickly; you pay only for the users you have.',
  },
  {
    question: 'What happens if our internet goes down?',
    answer:
      'Calls carry on ringing: set a failover rule and they go to mobiles or another office until your line is back, and voicemails still arrive by email.',
  },
  {
    question: 'Can we keep our numbers?',
    answer: 'Yes. Porting is free and usually takes 2-3 business days; your old line keeps working until the moment it moves.',
  },
];

export function BusinessPhoneSystemPage() {
  const { priceList } = usePriceList();
  return (
    <>
      <PageMeta
        title={`Business Phone System for UK teams | ${siteConfig.productName}`}
        description={DESCRIPTION}
        path={PATH}
        jsonLd={graph(
          service(NAME, DESCRIPTION, PATH, monthlyOffer(priceList?.businessFromMonthlyPence, { name: 'Multi User, up to 4 users' })),
          breadcrumbs([
            { name: 'Services', path: '/services' },
            { name: NAME, path: PATH },
          ]),
        )}
      />
      <ServiceHero
        eyebrow="Business phone system"
        title="A phone system that goes wherever your team goes"
        lead="Your business numbers ring on desk phones, mobiles and laptops at once. Calls reach the right person first time, sound crisp, and never depend on a box in the office."
      >
        <Link to="/plans-and-pricing" className="button button-light">
          See plans and pricing
        </Link>
        <Link to="/free-trial-numbers" className="button button-ghost">
          Start {TRIAL_DAYS} days trial
        </Link>
      </ServiceHero>

      <Section
        id="overview"
        title="One system, four things it does well"
        intro={
          <>
            Teams of up to 4 users start at <Price of={prices.businessFrom} /> a month, with every feature included. Jump to the part
            that matters most to you.
          </>
        }
      >
        <ul className="sp-cards sp-cols-4">
          {[
            { to: '#flexibility', title: 'Flexible working', text: 'Office, home or on the road: one number, everywhere.' },
            { to: '#voice', title: 'HD voice', text: 'Clear calls over the broadband you already have.' },
            { to: '#apps', title: 'Mobile and desktop apps', text: 'Your office phone on your mobile and computer.' },
            { to: '#routing', title: 'Call routing', text: 'Menus, ring groups and opening hours you control.' },
          ].map((item) => (
            <li key={item.to} className="sp-card">
              <h3>{item.title}</h3>
              <p>{item.text}</p>
              <Link to={item.to}>Read more ↓</Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="flexibility"
        tone="soft"
        title="Flexible working"
        intro="Your team no longer needs to be at a desk to answer the business line. Calls follow people, and the system grows and shrinks with you."
      >
        <div className="sp-two">
          <TickList
            label="Flexible working"
            items={[
              'Answer the office number from home, a client site or a train, on any device.',
              'Add or remove users in a minute from your dashboard. No engineer visits.',
              'Link offices in different towns into one system, with free calls between them.',
              'No contract: change plan or cancel with one month’s notice.',
            ]}
          />
          <div className="sp-quote">
            <h3>How it looks in practice</h3>
            <p>
              An estate agency with twelve staff works from home two days a week. Its main number rings the sales team’s apps
              wherever they are, and callers hear the same greeting and the same hold music as on office days.
            </p>
          </div>
        </div>
      </Section>

      <Section
        id="voice"
        title="HD voice"
        intro="Calls travel over the internet in wideband audio, so voices sound natural and names are easy to catch."
      >
        <FeatureCards
          cards={[
            { icon: 'mic', title: 'Wideband audio', text: 'HD codecs on our apps and desk phones carry twice the audio range of an old landline.' },
            { icon: 'wifi', title: 'Light on bandwidth', text: 'Each call needs only about 100kbps, so an ordinary business broadband line carries many at once.' },
            { icon: 'shield', title: 'UK network, 99.9% uptime', text: 'Our servers are in UK data centres with spare capacity in a second site if one has a problem.' },
          ]}
        />
      </Section>

      <Section
        id="apps"
        tone="soft"
        title="Mobile and desktop apps"
        intro="Every user gets softphone apps for Windows, Mac, iPhone and Android at no extra cost, alongside any desk phone you choose."
      >
        <div className="sp-two">
          <TickList
            label="What the apps do"
            items={[
              'Make and take calls from your business number, so your personal mobile number stays private.',
              'See who is on a call, transfer calls to colleagues and pick up a ringing phone for someone else.',
              'Listen to voicemail, check call history and join video meetings from the same app.',
              'Move a live call from your mobile to your desk phone without the caller noticing.',
            ]}
          />
          <div>
            <p>
              Prefer a handset? Our <Link to="/hardware">desk phones</Link> from Grandstream, Yealink, Polycom and Cisco arrive ready to plug in.
              Setup guides for each app are on our <Link to="/support">support page</Link>.
            </p>
          </div>
        </div>
      </Section>

      <Section
        id="routing"
        title="Call routing"
        intro="Decide what happens to every call: who hears it ring, in what order, at what times, and what callers hear while they wait."
      >
        <FeatureCards
          columns={4}
          cards={[
            { icon: 'menu', title: 'Auto-attendant', text: '“Press 1 for sales, 2 for accounts.” Build menus in minutes from the dashboard.' },
            { icon: 'users', title: 'Ring groups', text: 'Ring a team all at once or one after another until someone answers.' },
            { icon: 'clock', title: 'Opening hours', text: 'Send evening and weekend calls to voicemail, a mobile or an out-of-hours message.' },
            { icon: 'route', title: 'Forwarding and failover', text: 'If the office cannot answer, calls move on to mobiles or another site automatically.' },
          ]}
        />
        <p className="sp-note">
          Want a greeting recorded by a professional voice? See <Link to="/answering-services">answering services</Link>.
        </p>
      </Section>

      <Section id="questions" tone="soft" title="Questions about the business phone system">
        <FaqList items={faq} />
      </Section>

      <CtaPanel
        id="bps-cta"
        title="Hear it for yourself"
        text={`Take a free UK number for ${TRIAL_DAYS} days, make real calls, and keep it if you stay.`}
      >
        <Link to="/free-trial-numbers" className="button button-primary">
          Start {TRIAL_DAYS} days trial
        </Link>
        <Link to="/plans-and-pricing" className="button button-light">
          Compare plans
        </Link>
      </CtaPanel>
    </>
  );
}
