/** Wire types of the sales team's quote requests (GET /api/admin/quote-requests). */
import type { Schema } from '../../lib/api-types';
export type StaffQuoteRequest = Schema<'QuoteRequestLine'>;

export type StaffQuoteRequests = Schema<'QuoteRequests'>;

export type QuoteListStatus = 'open' | 'answered';
