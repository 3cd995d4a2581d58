import { siteConfig } from './site';

export interface NavLink {
  label: string;
  to: string;
}

interface NavGroup {
  label: string;
  links: NavLink[];
}

/** Main navigation dropdowns of the header. */
export const mainNav: NavGroup[] = [
  {
    label: 'Services',
    links: [
      { label: 'Business Phone System', to: '/business-phone-system' },
      { label: 'Residential VoIP', to: '/residential-voip' },
      { label: 'Cloud PBX', to: '/pbx-phone-system' },
      { label: 'Answering Services', to: '/answering-services' },
      { label: 'Business Broadband', to: '/business-broadband-page' },
      { label: 'Grandstream Phones', to: '/hardware#grandstream' },
      { label: 'Yealink Phones', to: '/hardware#yealink' },
      { label: 'Polycom Phones', to: '/hardware#polycom' },
      { label: 'Cisco Phones', to: '/hardware#cisco' },
    ],
  },
  {
    label: 'Features',
    links: [
      { label: 'Business Features', to: '/business-features' },
      { label: 'Residential Features', to: '/residential-features' },
      { label: 'Plans & Pricing', to: '/plans-and-pricing' },
    ],
  },
  {
    label: 'Phone Numbers',
    links: [
      { label: 'UK Numbers', to: '/all-phone-numbers' },
      { label: 'International Numbers', to: '/international-numbers' },
      { label: 'Mobile Numbers', to: '/mobile-numbers' },
    ],
  },
  {
    label: 'Partners',
    links: [
      { label: 'Partner Program', to: '/partner-program' },
      { label: 'Become a Partner', to: '/become-a-partner' },
      { label: `Why ${siteConfig.productName}`, to: siteConfig.whyPath },
    ],
  },
];

export const topBarLinks: NavLink[] = [
  { label: 'Blog', to: '/blog' },
  { label: 'Support', to: '/support' },
];

export const moreLinks: NavLink[] = [
  { label: 'About Us', to: '/about' },
  { label: 'Contact Us', to: '/contact' },
];

export const footerColumns: NavGroup[] = [
  {
    label: 'Services',
    links: [
      { label: 'Flexible working', to: '/business-phone-system#flexibility' },
      { label: 'HD voice', to: '/business-phone-system#voice' },
      { label: 'Mobile and desktop apps', to: '/business-phone-system#apps' },
      { label: 'Call routing', to: '/business-phone-system#routing' },
      { label: 'Answering Services', to: '/answering-services' },
      { label: 'Video Meetings', to: '/video-meetings' },
    ],
  },
  {
    label: 'Numbers and pricing',
    links: [
      { label: 'Plans & Pricing', to: '/plans-and-pricing' },
      { label: 'UK Numbers', to: '/all-phone-numbers' },
      { label: 'International Numbers', to: '/international-numbers' },
      { label: 'Mobile Numbers', to: '/mobile-numbers' },
    ],
  },
  {
    label: 'Company',
    links: [
      { label: 'About Us', to: '/about' },
      { label: 'Contact Us', to: '/contact' },
      { label: 'Support', to: '/support' },
      { label: 'Partner Program', to: '/partner-program' },
      { label: 'Become a Partner', to: '/become-a-partner' },
      { label: `Why ${siteConfig.productName}`, to: siteConfig.whyPath },
    ],
  },
];

export const legalLinks: NavLink[] = [
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Refund Policy', to: '/refund-policy' },
  { label: 'General Terms and Conditions', to: '/general-terms-and-conditions' },
];
