import { siteConfig } from '../../../../config/site';
import { partnerRoles, type PartnerRole } from './partner-data';

export interface PartnerApplication {
  name: string;
  company: string;
  email: string;
  phone: string;
  role: PartnerRole | '';
  clients: string;
  message: string;
}

export type PartnerField = keyof PartnerApplication;
export type PartnerErrors = Partial<Record<PartnerField, string>>;

export const emptyApplication: PartnerApplication = { name: '', company: '', email: '', phone: '', role: '', clients: '', message: '' };

export const partnerMessages = {
  nameRequired: 'Name is required',
  companyRequired: 'Company name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  roleRequired: 'Please choose a partner type',
  banner: 'Please correct the errors below and try again.',
  sent: 'Thank you for your application. Your email client will open to complete sending.',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Optional leading plus, then at least 10 digits, spaces, hyphens or brackets. */
const PHONE = /^\+?[\d\s\-()]{10,}$/;

/** The application's checks, field by field, in the order the form shows them. */
export function validateApplication(form: PartnerApplication): PartnerErrors {
  const errors: PartnerErrors = {};
  if (!form.name.trim()) errors.name = partnerMessages.nameRequired;
  if (!form.company.trim()) errors.company = partnerMessages.companyRequired;
  const email = form.email.trim();
  if (!email) errors.email = partnerMessages.emailRequired;
  else if (!EMAIL.test(email)) errors.email = partnerMessages.emailInvalid;
  const phone = form.phone.trim();
  if (!phone) errors.phone = partnerMessages.phoneRequired;
  else if (!PHONE.test(phone)) errors.phone = partnerMessages.phoneInvalid;
  if (!form.role) errors.role = partnerMessages.roleRequired;
  return errors;
}

/** The mailto: link that opens the visitor's mail client addressed to sales, subject and body filled in. */
export function applicationMailto(form: PartnerApplication): string {
  const role = form.role ? partnerRoles[form.role].name : '';
  const subject = `Partner application: ${form.company.trim()}`;
  const body = [
    `Name: ${form.name.trim()}`,
    `Company: ${form.company.trim()}`,
    `Email: ${form.email.trim()}`,
    `Phone: ${form.phone.trim()}`,
    `Partner type: ${role}`,
    `Clients we look after: ${form.clients.trim() || 'Not provided'}`,
    '',
    form.message.trim() || 'No message',
  ].join('\n');
  return `mailto:${siteConfig.salesEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
