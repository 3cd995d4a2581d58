/**
 * Where a confirmation e-mail stands, as the server's outbox says (`emailStatus` of an order
 * or a trial): the thank-you pages say "sent" only once the mail has left.
 */
export type EmailStatus = 'queued' | 'retrying' | 'sent' | 'kept' | 'failed';

/** How often a thank-you page asks again while its e-mail is on its way. */
export const EMAIL_POLL_MS = 3000;

/** Sent, kept in the local mailbox, or given up: nothing more will change. */
export function emailSettled(status: EmailStatus | null | undefined): boolean {
  return status === 'sent' || status === 'kept' || status === 'failed';
}

/** The sentence a buyer reads about their confirmation e-mail. */
export function emailStatusText(status: EmailStatus | null | undefined, email: string): string {
  switch (status) {
    case 'sent':
      return `A confirmation email has been sent to ${email}.`;
    case 'kept':
      return `Your confirmation email to ${email} is in this shop's local mailbox (no mail server is set up here); staff can read it at /admin/mail.`;
    case 'failed':
      return `We could not e-mail you at ${email}; your details are below, so please keep this page or print it.`;
    default:
      return `We are e-mailing your confirmation to ${email}…`;
  }
}
