/** Site-wide constants: names, addresses and external links. */
export const siteConfig = {
  productName: 'Talkbridge',
  /** Slug of the about/value page: /why-{product}. */
  whyPath: '/why-talkbridge',
  siteUrl: 'https://www.talkbridge.co.uk',
  /** Existing customers log in on a separate dashboard site (opens in a new tab). */
  dashboardLoginUrl: 'https://portal.talkbridge.co.uk/login',
  salesEmail: 'sales@talkbridge.co.uk',
  /** The support mailbox: the Request Support form on /support writes to it. */
  supportEmail: 'support@talkbridge.co.uk',
  salesPhoneDisplay: '020 7946 0000',
  salesPhoneHref: 'tel:+442079460000',
  /** When support answers the phone (the checkout and its e-mails say so). */
  supportPhoneHours: '9am to 5:30pm',
  /** The London office (the contact page, its map and the legal pages). */
  office: {
    streetAddress: '27 Great Sutton Street',
    locality: 'London',
    postalCode: 'EC1V 0DS',
    country: 'United Kingdom',
    countryCode: 'GB',
    nearestStations: 'Barbican and Farringdon',
  },
  /** When the office and the sales line are open, UK time. */
  officeHours: { days: 'Monday to Friday', shortDays: 'Mon–Fri', opens: '09:00', closes: '18:00' },
  /**
   * The SIP settings a phone or app registers with (the /support guides show them). The domain
   * must stay the PBX's digest realm, `SIP_REALM` in api/src/app/accounts.rs.
   */
  sipServer: { domain: 'sip.talkbridge.example', port: 5060, transport: 'UDP' },
  newsletterSubject: 'Newsletter subscription request',
  socialProfiles: [
    { name: 'LinkedIn', url: 'https://www.linkedin.com/company/talkbridge' },
    { name: 'X', url: 'https://x.com/talkbridge' },
    { name: 'Facebook', url: 'https://www.facebook.com/talkbridge' },
    { name: 'YouTube', url: 'https://www.youtube.com/@talkbridge' },
  ],
} as const;
