import type { FaqItem } from '../../../../components/faq-list';

export type PartnerRole = 'reseller' | 'infrastructure';

/** The two partner roles, as the application form offers them. */
export const partnerRoles: Record<PartnerRole, { name: string; forWho: string; whatYouDo: string; whatYouGet: string[] }> = {
  reseller: {
    name: 'Reseller agent',
    forWho: 'Accountants, consultants, business networks and anyone trusted by small firms.',
    whatYouDo: 'Introduce clients who need a phone system. We handle the sale, the setup and the support.',
    whatYouGet: [
      'Recurring commission every month for as long as your client stays with us',
      'A named partner manager and a sales line that puts your clients first',
      'Co-branded guides and price sheets to share with clients',
    ],
  },
  infrastructure: {
    name: 'Infrastructure agent',
    forWho: 'IT support firms, network installers and electricians who look after business premises.',
    whatYouDo: 'Sell and install our phone systems, broadband and desk phones alongside your own services.',
    whatYouGet: [
      'Partner pricing on desk phones, so the margin on hardware is yours',
      'A partner dashboard to set up and manage your clients’ phone systems',
      'Technical training and a direct line to our second-line engineers',
    ],
  },
};

export const PARTNER_ROLES: PartnerRole[] = ['reseller', 'infrastructure'];

export const partnerFaq: FaqItem[] = [
  { question: 'Does it cost anything to join?', answer: 'No. There is no fee, no minimum number of sales and no target to meet.' },
  { question: 'How is commission paid?', answer: 'Monthly, by bank transfer, with a statement showing each client and what they paid that month.' },
  { question: 'Who supports my clients?', answer: 'Reseller agents’ clients are supported by our UK team. Infrastructure agents can give first-line support themselves and pass anything else to us.' },
  { question: 'Can I put my own brand on it?', answer: 'Infrastructure agents can show their own logo in the client dashboard and on guides. Talk to us about your needs.' },
];
