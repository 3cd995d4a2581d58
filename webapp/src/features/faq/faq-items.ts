import type { FaqItem } from '../../components/faq-list';
import { siteConfig } from '../../config/site';
import { TRIAL_DAYS } from '../../config/trial';

const product = siteConfig.productName;

/** The ten questions of /faq, in the order people ask them; its FAQPage structured data reads the same list. */
export const faqItems: readonly FaqItem[] = [
  {
    question: 'Do I have to sign a contract?',
    answer: `No. ${product} plans run month to month, or year to year if you choose yearly billing to save money. There is no minimum term: you can leave with one month’s notice, and new services come with a 30-day money-back guarantee.`,
  },
  {
    question: 'How do I sign up?',
    answer: `Choose a plan on the Plans and Pricing page, pick your numbers (or ask to bring your existing ones), add any extras and pay by card. Your account and extensions are created as soon as the payment goes through, and the confirmation e-mail tells you what to do next. If you would rather try first, the ${TRIAL_DAYS}-day free trial needs no card.`,
  },
  {
    question: 'What equipment do I need?',
    answer: 'A broadband connection and something to make calls on. That can be our free apps for Windows, Mac, iPhone and Android, a headset plugged into your computer, or an IP desk phone. Each call uses only about 100kbps, so an ordinary business broadband line carries several calls at once. We sell desk phones that work with the service out of the box, but you can also use most SIP phones you already own.',
  },
  {
    question: 'Which features are included?',
    answer: 'Every plan includes voicemail delivered to your e-mail, call forwarding, caller ID, free calls between your own extensions and the apps for computers and mobiles. Larger plans add an auto-attendant (the “press 1 for sales” menu), call recording, music on hold, ring groups and call queues. The comparison table on the Plans and Pricing page shows exactly what each plan has.',
  },
  {
    question: 'Can I record my own greetings?',
    answer: 'Yes. You can record greetings and menu prompts from your phone, or upload an audio file in your dashboard: a welcome message, an out-of-hours message, a holiday message and the voicemail greeting for each extension. If you would like a professional voice, our voice-recording service writes and records your prompts and delivers them the next working day.',
  },
  {
    question: 'How will I know about missed calls and voicemails?',
    answer: 'Each voicemail is e-mailed to the extension’s owner as an audio file with the caller’s number and the time, so you can listen on any device. The apps show missed calls with the caller’s number, and you can set calls to ring your mobile when nobody answers in the office.',
  },
  {
    question: 'How much does it cost?',
    answer: 'You pay a fixed price per user each month (or less per month with yearly billing), plus any add-ons you choose; prices are shown without VAT, which is added at 20%. Setup and porting your numbers are free. Businesses moving from traditional landlines and an on-site phone system typically save 40-70% on their phone bills. The Plans and Pricing page has today’s prices for every plan.',
  },
  {
    question: 'How do I pay?',
    answer: 'By debit or credit card when you order; your card is then charged automatically at the start of each month or year. Payments are handled by Stripe, so your card number never touches our servers. Every charge has a VAT receipt you can download from your dashboard.',
  },
  {
    question: 'Can I upgrade or downgrade my plan?',
    answer: 'Yes, at any time, from your dashboard or with a call to us. Extra users, numbers and features work as soon as they are added. A move to a smaller plan takes effect from your next billing date, so you keep what you have paid for until then.',
  },
  {
    question: 'How do I cancel?',
    answer: `E-mail or call us to give one month’s notice; there is no cancellation fee. If you want to keep your numbers, ask your new provider to port them before the notice ends and we will release them to them. Your service keeps working until the last day of the notice.`,
  },
];
