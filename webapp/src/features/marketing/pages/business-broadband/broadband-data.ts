import type { FaqItem } from '../../../../components/faq-list';
import type { ConnectionOffer, PriceList } from '../../../../lib/api-types';

export type ConnectionKind = 'broadband' | 'leased';

interface ConnectionProduct {
  tabLabel: string;
  heading: string;
  summary: string;
  /** The product's tiers and agreement length, from the price list. */
  offer: (priceList: PriceList) => ConnectionOffer;
  fixPromise: string;
  installation: string;
  staticIp: string;
  uptime: string;
  extra: string;
}

/** The two connection products and their service terms (their prices come from the catalogue). */
export const connectionProducts: Record<ConnectionKind, ConnectionProduct> = {
  broadband: {
    tabLabel: 'Broadband',
    heading: 'Business broadband',
    summary: 'Symmetrical full-fibre broadband: upload as fast as you download, for video calls, backups and cloud files.',
    offer: (priceList) => priceList.businessBroadband,
    fixPromise: 'Faults fixed within 24 hours',
    installation: 'Free installation by an Openreach engineer',
    staticIp: 'A static IP address included',
    uptime: '99.5% uptime',
    extra: 'Symmetrical speeds',
  },
  leased: {
    tabLabel: 'Leased lines',
    heading: 'Leased lines',
    summary: 'A dedicated, uncontended fibre line from your premises to our network, with guaranteed speeds from 100 Mbps to 10 Gbps.',
    offer: (priceList) => priceList.leasedLines,
    fixPromise: 'Faults fixed within 5 hours',
    installation: 'Installed in 30 to 60 working days, after a site survey',
    staticIp: 'A block of static IP addresses included',
    uptime: '99.95% uptime SLA',
    extra: 'Quote within 1 hour by email in office hours',
  },
};

export const CONNECTION_KINDS: ConnectionKind[] = ['broadband', 'leased'];

export const broadbandFaq: FaqItem[] = [
  {
    question: 'What is the difference between broadband and a leased line?',
    answer:
      'Business broadband shares capacity in the local network with other customers, which keeps it affordable. A leased line is yours alone: the speed is guaranteed at every hour of the day, and faults are fixed faster.',
  },
  {
    question: 'Are the prices with VAT?',
    answer: 'No. Every price on this page is a monthly price excluding VAT, which is added at 20%.',
  },
  {
    question: 'Why does a leased line take longer to install?',
    answer:
      'A new fibre is often laid to your building, which needs a survey and sometimes permission from your landlord or the council. We keep you informed at each step and can provide broadband in the meantime.',
  },
  {
    question: 'Which should I choose for our phone system?',
    answer:
      'Each call needs about 100kbps, so business broadband carries dozens of calls at once. Choose a leased line if you have many staff on video calls, move large files or cannot afford any slowdown at busy times.',
  },
  {
    question: 'What happens at the end of the agreement?',
    answer: 'Your service carries on month to month at the same price until you decide to renew, upgrade or leave with one month’s notice.',
  },
  {
    question: 'Can I get a backup line?',
    answer: 'Yes. Many customers pair a leased line with business broadband as a backup, switching over automatically if the main line fails.',
  },
];
