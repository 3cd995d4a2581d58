import type { FaqItem } from '../../../../components/faq-list';
import { residentialFaq, residentialSetupSteps } from '../residential/residential-data';
import type { FeatureCard, Step } from '../shared/page-parts';
import { TRIAL_DAYS, TRIAL_MINUTES } from '../../../../config/trial';

export const essentialFeatures: FeatureCard[] = [
  { icon: 'users', title: 'Unlimited extensions', text: 'Give every person, team and department its own extension at no extra cost, and add more whenever you like.' },
  { icon: 'voicemail', title: 'Voicemail to email', text: 'Every message lands in your inbox as an audio file, so nothing waits until you are back at your desk.' },
  { icon: 'menu', title: 'Auto-attendant', text: 'A welcome message and a menu that send callers to the right person without a receptionist.' },
  { icon: 'mic', title: 'Call recording', text: 'Record every call automatically or only the ones you choose, on demand, and find them again by date and number.' },
  { icon: 'phone', title: 'Free internal calls', text: 'Calls between extensions cost nothing, whether colleagues sit next to each other or in different towns.' },
  { icon: 'building', title: 'Multi-site setup', text: 'Join several offices, shops or branches into one phone system with one set of numbers and menus.' },
];

export const advancedFeatures: FeatureCard[] = [
  { icon: 'chart', title: 'Analytics', text: 'See how many calls you get, when they peak, how long callers wait and which calls were missed.' },
  { icon: 'route', title: 'Call routing', text: 'Route by time of day, caller number or menu choice, and fail over to mobiles if the office cannot answer.' },
  { icon: 'app', title: 'Softphone apps', text: 'Apps for Windows, Mac, iPhone and Android turn any computer or mobile into your office phone.' },
  { icon: 'headset', title: 'Professional voice recordings', text: 'Greetings and menus read by a professional voice artist, delivered the next working day.' },
];

interface IndustryExample {
  title: string;
  situation: string;
  setup: string[];
}

export const industryExamples: IndustryExample[] = [
  {
    title: 'A restaurant',
    situation: 'The phone rings hardest during service, exactly when nobody can answer it.',
    setup: [
      'A menu sends booking calls to the front-of-house phone and supplier calls to the manager.',
      'During service, unanswered booking calls go to a voicemail that emails the booking team.',
      'After closing, callers hear the opening hours and a link to book online.',
    ],
  },
  {
    title: 'A plumber',
    situation: 'Most calls arrive while both hands are busy under a sink in someone else’s house.',
    setup: [
      'The business number rings the mobile app, so customers never see a personal number.',
      'Missed calls go to voicemail, which arrives by email to listen to between jobs.',
      'Evening calls hear an emergency call-out option that rings the on-call mobile.',
    ],
  },
  {
    title: 'A consultant',
    situation: 'Working alone, but clients expect the responsiveness of a larger firm.',
    setup: [
      'A professional greeting and a menu make a one-person firm sound established.',
      'Calls follow the consultant between the laptop at home and the mobile at client sites.',
      'Video meetings and call recording keep a record of what was agreed.',
    ],
  },
];

/** The three extensions of the worked example. */
export const sampleExtensions: { number: string; name: string; rings: string }[] = [
  { number: '101', name: 'Reception', rings: 'Rings the front desk, then the office manager’s mobile' },
  { number: '102', name: 'Sales', rings: 'Rings the sales team together as a ring group' },
  { number: '103', name: 'Accounts', rings: 'Rings accounts; after 5pm goes to voicemail by email' },
];

const businessSetupSteps: Step[] = [
  { title: 'Choose a plan', text: 'Pick the plan that fits your team. Every feature is included, with no contract.' },
  { title: 'Pick or port your numbers', text: 'Choose new local, 03 or 0800 numbers, or move your existing ones free in 2-3 business days.' },
  { title: 'Add your users and extensions', text: 'Give each person an extension and a login to the apps from your dashboard.' },
  { title: 'Set up greetings and routing', text: 'Record a welcome message, build your menu and choose what happens out of hours.' },
  { title: 'Install the apps or plug in phones', text: 'Sign in to the apps, or plug in desk phones that arrive already set up.' },
  { title: 'Go live', text: 'Make a test call, then start taking calls. Our UK team is on hand if anything needs a tweak.' },
];

export const businessFaq: FaqItem[] = [
  { question: 'Is there a contract?', answer: 'No. Plans run month to month, or year to year if you choose yearly billing, and you can cancel with one month’s notice.' },
  { question: 'How long does it take to get started?', answer: 'Minutes for new numbers: sign up, choose a number and make your first call the same day. Moving existing numbers takes 2-3 business days.' },
  { question: 'Can we keep our existing numbers?', answer: 'Yes. Porting 01, 02, 03, 0800/0808 and 0845/0870 numbers is free, and your current line keeps working until the switch.' },
  { question: 'Do we need to buy desk phones?', answer: 'No. The apps work on the computers and mobiles you have. Desk phones are available if your team prefers a handset.' },
  { question: 'Which features cost extra?', answer: 'Every plan includes the core features. A few extras, such as more numbers or call recording on some plans, are add-ons priced on our plans page.' },
  { question: 'Is call recording legal?', answer: 'Yes, when callers are told. We can add a short message to your greeting saying that calls may be recorded, and recordings are kept securely in the UK.' },
  { question: 'What internet connection do we need?', answer: 'Any business broadband. Each call needs about 100kbps in each direction, so a normal fibre line carries many calls at once.' },
  { question: 'What happens if our internet fails?', answer: 'Calls are sent on to the mobile apps or any number you choose, so customers still get through. Voicemails keep arriving by email.' },
  { question: 'Can we make emergency calls?', answer: 'Yes. 999 and 112 calls are free and carry the address registered for each extension. Keep a mobile handy in case of a power cut.' },
  { question: 'Can staff work from home?', answer: 'Yes. Each person’s extension rings wherever they sign in, and calls between colleagues stay free.' },
  { question: 'Do you support several offices?', answer: 'Yes. One system can cover any number of sites, each with its own local number and opening hours if you wish.' },
  { question: 'Are prices shown with VAT?', answer: 'Prices on our website exclude VAT. VAT at 20% is added at checkout and shown on every invoice.' },
  { question: 'Can we try it first?', answer: `Yes. Take a free number for ${TRIAL_DAYS} days with one extension and ${TRIAL_MINUTES} minutes of calls, with no card needed.` },
];

export type Audience = 'business' | 'residential';

interface AudienceVariant {
  tabLabel: string;
  setupTitle: string;
  setupSteps: Step[];
  faqTitle: string;
  faq: FaqItem[];
  cta: { title: string; text: string; primary: { label: string; to: string } };
}

/** What the Business / Residential tab switches: setup steps, FAQ and the call to action. */
export const audienceVariants: Record<Audience, AudienceVariant> = {
  business: {
    tabLabel: 'Business',
    setupTitle: 'Set up your business in six steps',
    setupSteps: businessSetupSteps,
    faqTitle: 'Business questions',
    faq: businessFaq,
    cta: {
      title: 'Ready to give your team a better phone system?',
      text: 'Choose a plan today or start with a free number, and talk to our UK team whenever you need a hand.',
      primary: { label: 'Choose a plan', to: '/plans-and-pricing' },
    },
  },
  residential: {
    tabLabel: 'Residential',
    setupTitle: 'Set up your home phone in four steps',
    setupSteps: residentialSetupSteps,
    faqTitle: 'Home phone questions',
    faq: residentialFaq,
    cta: {
      title: 'Ready to move your home phone?',
      text: 'Keep your number and your phone, and stop paying line rental. Our UK team will walk you through it.',
      primary: { label: 'See home phone prices', to: '/residential-voip' },
    },
  },
};

export const AUDIENCES: Audience[] = ['business', 'residential'];
