import { siteConfig } from '../../config/site';
import { emailError, mailtoHref, messageFormMessages as m, onlyErrors, requiredError } from '../../components/message-form/message-rules';

/** The Request Support form: every field is required (docs/product-rules.md#help-and-information-pages). */
export interface SupportRequest {
  name: string;
  email: string;
  phone: string;
  message: string;
}

export type SupportField = keyof SupportRequest;
export type SupportErrors = Partial<Record<SupportField, string>>;

export const emptySupportRequest = (): SupportRequest => ({ name: '', email: '', phone: '', message: '' });

export function validateSupportRequest(request: SupportRequest): SupportErrors {
  return onlyErrors({
    name: requiredError(request.name, m.nameRequired),
    email: emailError(request.email),
    phone: requiredError(request.phone, m.phoneRequired),
    message: requiredError(request.message, m.messageRequired),
  });
}

/** The e-mail to the support mailbox: the name in the subject, every field in the body. */
export function supportRequestMailto(request: SupportRequest): string {
  const name = request.name.trim();
  const body = [
    `Name: ${name}`,
    `Email: ${request.email.trim()}`,
    `Phone: ${request.phone.trim()}`,
    '',
    'Message:',
    request.message.trim(),
  ].join('\n');
  return mailtoHref(siteConfig.supportEmail, `Support request from ${name}`, body);
}
