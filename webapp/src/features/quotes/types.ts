/** Wire types of quote requests (api/API.md, Quote requests). */
export const QUOTE_PRODUCTS = ['leasedLine', 'broadband', 'cloudPbx', 'largeTeam', 'phoneNumbers', 'internationalPorting'] as const;
export type QuoteProduct = (typeof QUOTE_PRODUCTS)[number];

export const LINE_SPEEDS = ['100mbps', '1gbps', '10gbps'] as const;
export type LineSpeed = (typeof LINE_SPEEDS)[number];

export const PRODUCT_LABELS: Record<QuoteProduct, string> = {
  leasedLine: 'Leased line',
  broadband: 'Business broadband',
  cloudPbx: 'Cloud PBX',
  largeTeam: 'Phone system for more than 20 users',
  phoneNumbers: 'More than 10 phone numbers',
  internationalPorting: 'International number porting',
};

export const SPEED_LABELS: Record<LineSpeed, string> = { '100mbps': '100 Mbps', '1gbps': '1 Gbps', '10gbps': '10 Gbps' };

/** The form as the page keeps it (every field a string until it is sent). */
export interface QuoteForm {
  name: string;
  company: string;
  email: string;
  phone: string;
  postcode: string;
  product: QuoteProduct | '';
  speed: LineSpeed | '';
  sites: string;
  /** A phone numbers quote: how many new numbers. */
  numbers: string;
  message: string;
  /** The hidden field only robots fill in. */
  website: string;
}

export type QuoteField = Exclude<keyof QuoteForm, 'website'>;
export type QuoteErrors = Partial<Record<QuoteField, string>>;

/** POST /api/quote-requests */
export interface QuoteRequestBody {
  name: string;
  company: string;
  email: string;
  phone: string;
  postcode: string;
  product: string;
  speed?: string;
  sites?: number;
  numbers?: number;
  message: string;
  website: string;
}

/** Its 201. */
export interface QuoteReceived {
  requestId: string;
  replyBy: string;
  /** "within the hour (by 3:05pm)" or "by 10am on Monday 30 November". */
  replyPromise: string;
}
