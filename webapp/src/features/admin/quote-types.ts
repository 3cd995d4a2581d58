/** Wire types of the sales team's quote requests (GET /api/admin/quote-requests). */
export interface StaffQuoteRequest {
  requestId: string;
  name: string;
  company: string;
  email: string;
  phone: string;
  postcode: string;
  product: string | null;
  productLabel: string;
  speed: string | null;
  sites: number | null;
  /** A phone numbers quote: how many new numbers. */
  numbers?: number | null;
  message: string;
  receivedAt: string;
  replyBy: string;
  answeredBy: string | null;
  answeredAt: string | null;
  ageMinutes: number;
  /** Open past the reply it promised. */
  late: boolean;
}

export interface StaffQuoteRequests {
  requests: StaffQuoteRequest[];
  open: number;
  late: number;
}

export type QuoteListStatus = 'open' | 'answered';
