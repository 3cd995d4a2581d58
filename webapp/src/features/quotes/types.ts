/** Wire types of quote requests (api/API.md, Quote requests). */
import type { Schema } from '../../lib/api-types';
export type QuoteProduct = Schema<'QuoteProduct'>;
export const QUOTE_PRODUCTS = ['leasedLine', 'broadband', 'cloudPbx', 'largeTeam', 'phoneNumbers', 'internationalPorting'] as const satisfies readonly QuoteProduct[];

export type LineSpeed = Schema<'LineSpeed'>;
export const LINE_SPEEDS = ['100mbps', '1gbps', '10gbps'] as const satisfies readonly LineSpeed[];

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
export type QuoteRequestBody = Schema<'QuoteBody'>;

/** Its 201. */
export type QuoteReceived = Schema<'QuoteReceived'>;
