/** Wire types of the staff mailbox (GET /api/admin/mail, api/API.md). */
import type { Schema } from '../../lib/api-types';
export type MailStatus = Schema<'EmailStatus'>;

export const MAIL_STATUSES: MailStatus[] = ['queued', 'retrying', 'sent', 'kept', 'failed'];

export type MailRow = Schema<'MailRow'>;

export type Mailbox = Schema<'Mailbox'>;

export type MailDetail = Schema<'MailDetail'>;

export interface MailboxArgs {
  status: MailStatus | null;
  page: number;
}
