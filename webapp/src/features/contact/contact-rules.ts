import { siteConfig } from '../../config/site';
import { emailError, mailtoHref, messageFormMessages as m, onlyErrors, requiredError } from '../../components/message-form/message-rules';

/** The contact form: name, e-mail, subject and message are required, the phone is optional (docs/product-rules.md#help-and-information-pages). */
export interface ContactMessage {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

export type ContactField = keyof ContactMessage;
export type ContactErrors = Partial<Record<ContactField, string>>;

const DEFAULT_CONTACT_SUBJECT = 'Contact Form Submission';

export const emptyContactMessage = (): ContactMessage => ({ name: '', email: '', phone: '', subject: '', message: '' });

export function validateContactMessage(message: ContactMessage): ContactErrors {
  return onlyErrors({
    name: requiredError(message.name, m.nameRequired),
    email: emailError(message.email),
    phone: null,
    subject: requiredError(message.subject, m.subjectRequired),
    message: requiredError(message.message, m.messageRequired),
  });
}

/** The e-mail to the sales mailbox: the subject as typed (or the default), every field in the body. */
export function contactMailto(message: ContactMessage): string {
  const body = [
    `Name: ${message.name.trim()}`,
    `Email: ${message.email.trim()}`,
    `Phone: ${message.phone.trim() || 'Not provided'}`,
    '',
    'Message:',
    message.message.trim(),
  ].join('\n');
  return mailtoHref(siteConfig.salesEmail, message.subject.trim() || DEFAULT_CONTACT_SUBJECT, body);
}
