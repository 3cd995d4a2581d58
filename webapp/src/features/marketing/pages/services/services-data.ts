import type { Catalogue } from '../../../../lib/api-types';
import type { IconName } from '../shared/icon';
import { prices } from '../shared/prices';

export interface ServiceEntry {
  icon: IconName;
  title: string;
  text: string;
  to: string;
  /** "From £…" with the figure read from the catalogue, or a range. */
  price?: { label: string; of: (catalogue: Catalogue) => number | undefined; to?: (catalogue: Catalogue) => number | undefined; unit: string };
}

interface ServiceGroup {
  id: string;
  title: string;
  intro: string;
  entries: ServiceEntry[];
}

/** Everything we sell, grouped by who buys it; each entry links to its own page. */
export const serviceGroups: ServiceGroup[] = [
  {
    id: 'business',
    title: 'Phone systems for businesses',
    intro: 'From a sole trader with one number to an office of fifty across three sites: the same system, sized to you.',
    entries: [
      {
        icon: 'building',
        title: 'Business phone system',
        text: 'Extensions, call routing, voicemail to email and apps for every member of the team, run from our UK network.',
        to: '/business-phone-system',
        price: { label: 'Teams from', of: prices.businessFrom, unit: 'a month for up to 4 users' },
      },
      {
        icon: 'menu',
        title: 'Cloud PBX',
        text: 'Replace the phone system in the cupboard with one in the cloud: menus, queues, conference rooms and music on hold.',
        to: '/pbx-phone-system',
        price: { label: 'From', of: prices.cloudPbxFrom, to: prices.cloudPbxTo, unit: 'a month' },
      },
      {
        icon: 'headset',
        title: 'Answering services',
        text: 'Greet every caller with a menu, send calls to the right people, and take messages out of hours.',
        to: '/answering-services',
        price: { label: 'Voice recordings', of: prices.voiceRecording, unit: 'each' },
      },
      {
        icon: 'video',
        title: 'Video meetings',
        text: 'Meet customers and colleagues on video from the same app you take calls in. Guests join from a browser.',
        to: '/video-meetings',
      },
      {
        icon: 'spark',
        title: 'Business features',
        text: 'Every feature on every plan: call recording, analytics, ring groups, softphones and more.',
        to: '/business-features',
        price: { label: 'Add-ons from', of: prices.addOnsFrom, unit: 'a month' },
      },
    ],
  },
  {
    id: 'home',
    title: 'Phone service for homes',
    intro: 'Keep your landline number when the copper network closes, and pay less for calls.',
    entries: [
      {
        icon: 'home',
        title: 'Residential VoIP',
        text: 'Your home number over your broadband, with spam blocking, a mobile app and 999 calls that send your address.',
        to: '/residential-voip',
        price: { label: 'From', of: prices.residentialFrom, unit: 'a month' },
      },
      {
        icon: 'heart',
        title: 'Residential features',
        text: 'What a home line with us can do, how to set it up in five minutes, and answers to common questions.',
        to: '/residential-features',
      },
    ],
  },
  {
    id: 'connectivity',
    title: 'Connectivity',
    intro: 'Calls are only as good as the line they travel over. We sell lines that are built for voice.',
    entries: [
      {
        icon: 'wifi',
        title: 'Business broadband',
        text: 'Symmetrical fibre with a static IP, free installation and a 24-hour fix promise.',
        to: '/business-broadband-page',
        price: { label: 'From', of: prices.broadbandFrom, unit: 'a month ex VAT' },
      },
      {
        icon: 'route',
        title: 'Leased lines',
        text: 'A dedicated, uncontended line from 100 Mbps to 10 Gbps with a 5-hour fix promise.',
        to: '/business-broadband-page',
        price: { label: 'From', of: prices.leasedLinesFrom, unit: 'a month ex VAT' },
      },
    ],
  },
  {
    id: 'numbers',
    title: 'Numbers and desk phones',
    intro: 'Choose the numbers your callers will recognise and the handsets your team will enjoy using.',
    entries: [
      { icon: 'phone', title: 'UK phone numbers', text: 'Local area codes, 03 national and 0800 freephone numbers, or bring your own for free.', to: '/all-phone-numbers' },
      { icon: 'globe', title: 'International numbers', text: 'Numbers in the US, Canada and across Europe that ring your team in the UK.', to: '/international-numbers' },
      { icon: 'app', title: 'Mobile numbers', text: 'UK 07 numbers that ring the app on your phone, so your personal number stays private.', to: '/mobile-numbers' },
      { icon: 'phone', title: 'Desk phones', text: 'Grandstream, Yealink, Polycom and Cisco handsets, set up for our service before they ship.', to: '/hardware' },
    ],
  },
  {
    id: 'partners',
    title: 'Work with us',
    intro: 'IT firms, installers and consultants resell and recommend us to their own clients.',
    entries: [
      { icon: 'users', title: 'Partner program', text: 'Earn recurring commission and give your clients a phone system you can stand behind.', to: '/partner-program' },
      { icon: 'mail', title: 'Become a partner', text: 'Tell us about your business and we will call you back within one working day.', to: '/become-a-partner' },
    ],
  },
];
