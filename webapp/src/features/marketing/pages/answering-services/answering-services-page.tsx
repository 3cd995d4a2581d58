import { Link } from 'react-router-dom';
import { FaqList } from '../../../../components/faq-list';
import { PageMeta } from '../../../../components/page-meta';
import { siteConfig } from '../../../../config/site';
import type { Catalogue } from '../../../../lib/api-types';
import { breadcrumbs, graph, schemaPrice, service } from '../shared/json-ld';
import { CtaPanel, FeatureCards, Section, ServiceHero, StepList } from '../shared/page-parts';
import { Price } from '../shared/price';
import { prices } from '../shared/prices';
import { usePriceList } from '../shared/use-price-list';

const PATH = '/answering-services';
const NAME = 'Answering services';
const DESCRIPTION =
  'Answer every call professionally: auto-attendant menus, ring groups, out-of-hours messages, voicemail to email and greetings recorded by a professional voice artist.';

/** The most words one recording holds, from the price list. */
const maxWords = (catalogue: Catalogue) => catalogue.priceList.voiceRecording.maxWords;

const faq = [
  {
    question: 'What counts as one recording?',
    answer:
      'One script read in one take, such as a welcome greeting, a menu or an out-of-hours message. Most greetings are 30 to 60 words, so one recording often covers a greeting and a short menu together.',
  },
  {
    question: 'Can I change the wording later?',
    answer:
      'Yes. A new script is a new recording at the same price. Many customers keep a seasonal message, for example for Christmas opening hours, and swap it in from the dashboard when needed.',
  },
  {
    question: 'Can I record my own greetings instead?',
    answer:
      'Of course. Record your own message on the phone or upload an audio file from the dashboard. Both are free.',
  },
  {
    question: 'Do callers pay more to reach a menu?',
    answer: 'No. Callers pay the normal rate for the number they dialled; the menu and the transfers cost them nothing extra.',
  },
];

export function AnsweringServicesPage() {
  const { priceList } = usePriceList();
  const recordingOffer = priceList
    ? {
        '@type': 'Offer',
        name: `Professional voice recording, up to ${priceList.voiceRecording.maxWords} words`,
        price: schemaPrice(priceList.voiceRecording.pricePence),
        priceCurrency: 'GBP',
      }
    : undefined;
  return (
    <>
      <PageMeta
        title={`Answering Services and professional greetings | ${siteConfig.productName}`}
        description={DESCRIPTION}
        path={PATH}
        jsonLd={graph(
          service(NAME, DESCRIPTION, PATH, recordingOffer),
          breadcrumbs([
            { name: 'Services', path: '/services' },
            { name: NAME, path: PATH },
          ]),
        )}
      />
      <ServiceHero
        eyebrow="Answering services"
        title="Every caller greeted, every call answered"
        lead="Small teams miss calls because they are busy doing the work. Let the phone system greet callers, route them to whoever is free and take a message when nobody is."
      >
        <Link to="/plans-and-pricing" className="button button-light">
          See plans and pricing
        </Link>
        <Link to="#voice-recording" className="button button-ghost">
          Professional greetings
        </Link>
      </ServiceHero>

      <Section
        id="how-calls-are-answered"
        title="How your calls get answered"
        intro={
          <>
            These come with every plan or as add-ons from <Price of={prices.addOnsFrom} /> a month.
          </>
        }
      >
        <FeatureCards
          cards={[
            { icon: 'menu', title: 'Auto-attendant', text: 'A menu that asks callers what they need and puts them through to the right person or team.' },
            { icon: 'users', title: 'Ring groups', text: 'Ring several people at once, or in turn, so a free pair of hands always picks up.' },
            { icon: 'clock', title: 'Out-of-hours messages', text: 'Tell evening and weekend callers when you open and offer them voicemail or an emergency number.' },
            { icon: 'voicemail', title: 'Voicemail to email', text: 'Messages arrive in your inbox as audio files, so you can listen and call back from anywhere.' },
            { icon: 'route', title: 'Forward to mobiles', text: 'When the office is empty, calls move on to your mobile app or any UK number.' },
            { icon: 'music', title: 'Music on hold', text: 'Play music or your own messages while callers wait, instead of silence.' },
          ]}
        />
      </Section>

      <Section
        id="voice-recording"
        tone="soft"
        title="Professional voice recording"
        intro={
          <>
            A warm, clear greeting makes a five-person business sound established. A professional voice artist records your script for{' '}
            <strong>
              <Price of={prices.voiceRecording} />
            </strong>{' '}
            per recording of up to <Price of={maxWords} format={String} placeholder="000" /> words, delivered the next working day.
          </>
        }
      >
        <StepList
          label="How a recording is made"
          steps={[
            { title: 'Write your script', text: 'Send us the words, or ask for our templates for greetings, menus and holiday messages.' },
            { title: 'Choose a voice', text: 'Pick a male or female voice and a style: friendly, formal or upbeat.' },
            { title: 'Receive it next working day', text: 'The finished file is in your dashboard, ready to use, on the next working day.' },
            { title: 'Put it live', text: 'Attach it to your greeting, menu or out-of-hours rule with two clicks.' },
          ]}
        />
        <div className="sp-quote sp-after">
          <h3>A sample script (41 words)</h3>
          <p>
            “Thank you for calling Harbour Dental Practice. For appointments, press 1. For test results, press 2. If you have a dental
            emergency out of hours, press 3 for the NHS 111 service. Otherwise, please hold and a member of our team will be with you shortly.”
          </p>
        </div>
      </Section>

      <Section id="answering-questions" title="Questions about answering services">
        <FaqList items={faq} />
      </Section>

      <CtaPanel
        id="answering-cta"
        title="Sound as professional as you are"
        text={`Order a recording or ask about call flows: our UK team is on ${siteConfig.salesPhoneDisplay}. Answering calls for more than 20 people? Request a quote and we will plan your call flows with you.`}
      >
        <Link to="/contact" className="button button-primary">
          Contact us
        </Link>
        <Link to="/quote?product=largeTeam" className="button button-light">
          Request a quote
        </Link>
        <Link to="/business-features" className="button button-light">
          All business features
        </Link>
      </CtaPanel>
    </>
  );
}
