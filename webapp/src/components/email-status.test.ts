import { describe, expect, it } from 'vitest';
import { emailSettled, emailStatusText } from './email-status';

describe('the confirmation e-mail note', () => {
  it('says sent only once the mail has left', () => {
    expect(emailStatusText('sent', 'a@b.example')).toBe('A confirmation email has been sent to a@b.example.');
    for (const status of ['queued', 'retrying', null, undefined] as const) {
      expect(emailStatusText(status, 'a@b.example')).toBe('We are e-mailing your confirmation to a@b.example…');
      expect(emailSettled(status)).toBe(false);
    }
  });

  it('says so when the mail failed or stayed in the local mailbox', () => {
    expect(emailStatusText('failed', 'a@b.example')).toMatch(/^We could not e-mail you at a@b.example; your details are below/);
    expect(emailStatusText('kept', 'a@b.example')).toMatch(/local mailbox/);
    expect(emailSettled('failed') && emailSettled('kept') && emailSettled('sent')).toBe(true);
  });
});
