/** Wire types of the staff mailbox (GET /api/admin/mail, api/API.md). */
export type MailStatus = 'queued' | 'retrying' | 'sent' | 'kept' | 'failed';

export const MAIL_STATUSES: MailStatus[] = ['queued', 'retrying', 'sent', 'kept', 'failed'];

export interface MailRow {
  id: number;
  kind: string;
  reference: string;
  recipient: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
  failedAt: string | null;
}

export interface Mailbox {
  mails: MailRow[];
  counts: Record<MailStatus, number>;
  page: number;
  pageCount: number;
  maxAttempts: number;
  /** False: no mail relay, every e-mail is kept here (the local mailbox). */
  relayConfigured: boolean;
}

export interface MailDetail extends MailRow {
  body: string;
}

export interface MailboxArgs {
  status: MailStatus | null;
  page: number;
}
