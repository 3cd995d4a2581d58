import { Link } from 'react-router-dom';
import { FaqList } from '../../../../components/faq-list';
import { PageMeta } from '../../../../components/page-meta';
import { siteConfig } from '../../../../config/site';
import { breadcrumbs, graph, service } from '../shared/json-ld';
import { CtaPanel, FeatureCards, Section, ServiceHero, StepList, TickList } from '../shared/page-parts';
import { TRIAL_DAYS } from '../../../../config/trial';

const PATH = '/video-meetings';
const NAME = 'Video meetings';
const DESCRIPTION =
  'Video meetings in the same app as your business calls: guests join from a browser with a link, share screens, chat, and dial in by phone from a UK number.';

const faq = [
  {
    question: 'Do my guests need an account or an app?',
    answer: 'No. They open the link in Chrome, Edge, Safari or Firefox and join. Only the person who organises the meeting needs to be one of our users.',
  },
  {
    question: 'What if a guest has a poor connection?',
    answer: 'They can turn their camera off to save bandwidth, or dial in by phone to a UK number and join with audio only.',
  },
  {
    question: 'Can I record a meeting?',
    answer: 'Yes, the organiser can record with the participants’ knowledge; everyone sees a notice while recording is on. The file appears in your dashboard.',
  },
  {
    question: 'Does it cost extra?',
    answer: 'No. Video meetings come with every user’s apps on every plan.',
  },
];

export function VideoMeetingsPage() {
  return (
    <>
      <PageMeta
        title={`Video Meetings for small businesses | ${siteConfig.productName}`}
        description={DESCRIPTION}
        path={PATH}
        jsonLd={graph(
          service(NAME, DESCRIPTION, PATH),
          breadcrumbs([
            { name: 'Services', path: '/services' },
            { name: NAME, path: PATH },
          ]),
        )}
      />
      <ServiceHero
        eyebrow="Video meetings"
        title="Meet face to face without leaving your phone system"
        lead="Start a video meeting from the app you already take calls in. Send a link; your customer joins from their browser, with nothing to install."
      >
        <Link to="/plans-and-pricing" className="button button-light">
          See plans and pricing
        </Link>
        <Link to="/free-trial-numbers" className="button button-ghost">
          Start {TRIAL_DAYS} days trial
        </Link>
      </ServiceHero>

      <Section id="what-you-can-do" title="Everything a small business meeting needs" intro="No separate subscription and no second app to learn.">
        <FeatureCards
          cards={[
            { icon: 'video', title: 'Join from a browser', text: 'Guests click a link and join. No downloads, no accounts, no plug-ins.' },
            { icon: 'app', title: 'Screen sharing', text: 'Walk a client through a quote, a drawing or a spreadsheet while you talk.' },
            { icon: 'phone', title: 'Dial in by phone', text: 'Anyone without a good connection can join by calling a UK number.' },
            { icon: 'route', title: 'Turn a call into a meeting', text: 'Move a phone call to video in one tap when it would help to see each other.' },
            { icon: 'mail', title: 'Chat and files', text: 'Share links and documents in the meeting chat, kept with the meeting afterwards.' },
            { icon: 'shield', title: 'Private by default', text: 'Every meeting has its own link and an optional waiting room, so you decide who comes in.' },
          ]}
        />
      </Section>

      <Section id="how-it-works" tone="soft" title="Your first meeting in three steps">
        <StepList
          label="Start a meeting"
          steps={[
            { title: 'Open the app', text: 'On your computer or mobile, choose Meet and pick a time or start now.' },
            { title: 'Send the link', text: 'Copy the link into an email, a calendar invitation or a text message.' },
            { title: 'Talk', text: 'Admit your guests from the waiting room and share your screen when you need to.' },
          ]}
        />
      </Section>

      <Section id="who-uses-it" title="Who uses it">
        <TickList
          items={[
            'An accountant going through year-end figures with a client who lives two hours away.',
            'A kitchen fitter checking measurements with a customer who holds up their phone in the room.',
            'A recruitment team interviewing candidates without booking a meeting room.',
          ]}
        />
      </Section>

      <Section id="video-questions" tone="soft" title="Questions about video meetings">
        <FaqList items={faq} />
      </Section>

      <CtaPanel id="video-cta" title="Try it with a real customer" text="Start a free trial and hold your first meeting today.">
        <Link to="/free-trial-numbers" className="button button-primary">
          Start {TRIAL_DAYS} days trial
        </Link>
        <Link to="/contact" className="button button-light">
          Ask a question
        </Link>
      </CtaPanel>
    </>
  );
}
