import type { FaqItem } from '../../../../components/faq-list';
import type { FeatureCard, Step } from '../shared/page-parts';

/** What a home line does: the six cards of /residential-features (also on /residential-voip). */
export const residentialFeatures: FeatureCard[] = [
  { icon: 'phone', title: 'Keep your number', text: 'Bring your home number with you. The transfer is free and your old line works until the day it moves.' },
  { icon: 'plug', title: '5-minute plug-and-play setup', text: 'Works with any broadband. Plug in, and your phone rings on your number within minutes.' },
  { icon: 'mic', title: 'HD calls', text: 'Voices sound clearer than on a copper landline, and calls to other internet phones are crisp on both ends.' },
  { icon: 'shield', title: '999 calls with your address', text: 'Emergency calls are always free and send the address you register with us to the emergency services.' },
  { icon: 'app', title: 'Mobile app', text: 'Answer your home number on your mobile, in the garden or on holiday, without paying mobile roaming rates.' },
  { icon: 'voicemail', title: 'Spam call blocking', text: 'Known nuisance numbers are stopped before your phone rings, and you can block any number yourself.' },
];

/** How a household gets going (residential features, and the residential tab of business features). */
export const residentialSetupSteps: Step[] = [
  { title: 'Choose or keep a number', text: 'Pick a new number in your area code, or ask us to bring your current home number across for free.' },
  { title: 'Plug in', text: 'Connect an internet phone, or your own phone through an adapter, to any port on your broadband router.' },
  { title: 'Make a test call', text: 'Your number is live within minutes. Call a friend, or call yourself from a mobile to hear it ring.' },
  { title: 'Add the app', text: 'Install the mobile app and sign in, so your home number rings on your mobile too when you are out.' },
];

/** The nine questions of the residential FAQ. */
export const residentialFaq: FaqItem[] = [
  {
    question: 'Can I keep my home phone number?',
    answer: 'Yes. Transferring your number is free. A home landline usually moves in 1-2 weeks; we tell you the date and your old line works until then.',
  },
  {
    question: 'Do I need a special broadband package?',
    answer: 'No. Any UK broadband works: fibre, cable or 4G and 5G home broadband. Each call uses about 100kbps, a tiny part of a normal connection.',
  },
  {
    question: 'Can I use the phone I already have?',
    answer: 'Usually, yes. Most corded and cordless home phones work through a phone adapter plugged into your router. You can also use one of our internet phones or just the mobile app.',
  },
  {
    question: 'What happens to 999 calls?',
    answer:
      'Emergency calls are free and always allowed. They carry the address you registered with us, so keep it up to date if you move. If your broadband is down, use a mobile to call 999.',
  },
  {
    question: 'What if there is a power cut?',
    answer:
      'Internet phones need power, as your router does. Keep a charged mobile for emergencies. If you have no mobile signal at home or depend on your landline, tell us and we will help you set up a battery backup.',
  },
  {
    question: 'I have a telecare alarm. Will it still work?',
    answer: 'Tell us before you switch. Many alarms work over internet phone lines, and some need an update from the alarm provider. We check with you before anything moves.',
  },
  {
    question: 'Am I tied into a contract?',
    answer: 'No. Pay month by month and cancel with one month’s notice. There is also a 30-day money-back guarantee if it is not for you.',
  },
  {
    question: 'How do you block nuisance calls?',
    answer: 'Calls from known nuisance numbers are stopped before the phone rings. You can also block withheld numbers or any number you choose from the app.',
  },
  {
    question: 'Can I call family abroad?',
    answer: 'Yes, at low rates to landlines and mobiles worldwide, and free to anyone else using our apps wherever they are in the world.',
  },
];

/** Places whose local numbers we offer, by area code (every region of the UK is served). */
export const regions: { name: string; code: string }[] = [
  { name: 'London', code: '020' },
  { name: 'Manchester', code: '0161' },
  { name: 'Birmingham', code: '0121' },
  { name: 'Edinburgh', code: '0131' },
  { name: 'Glasgow', code: '0141' },
  { name: 'Liverpool', code: '0151' },
  { name: 'Leeds', code: '0113' },
  { name: 'Sheffield', code: '0114' },
  { name: 'Bristol', code: '0117' },
  { name: 'Reading', code: '0118' },
  { name: 'Leicester', code: '0116' },
  { name: 'Nottingham', code: '0115' },
  { name: 'Cardiff', code: '029' },
];
