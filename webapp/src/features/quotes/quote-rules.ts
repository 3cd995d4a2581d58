import { formMessages } from '../../lib/account-form/messages';
import { EMAIL_PATTERN, PHONE_PATTERN, UK_POSTCODE } from '../../lib/account-form/validation';
import type { QuoteErrors, QuoteForm, QuoteProduct, QuoteRequestBody } from './types';

/** The most sites one leased-line request covers (as the server). */
export const MAX_SITES = 50;
const MAX_MESSAGE = 2000;
/** A phone numbers quote: more than the cart's 10, up to 1,000 (as the server). */
export const MIN_QUOTE_NUMBERS = 11;
export const MAX_QUOTE_NUMBERS = 1000;

/** The form's messages, word for word as the server's (docs/product-rules.md, Quote requests). */
export const quoteMessages = {
  nameRequired: 'Name is required',
  productRequired: 'Please choose what you would like a quote for',
  speedRequired: 'Please choose the line speed',
  sitesInvalid: 'Please enter the number of sites, from 1 to 50',
  numbersInvalid: 'Please enter how many numbers you need, from 11 to 1,000',
  messageTooLong: 'Please keep the message under 2,000 characters',
  sendFailed: 'We could not send your request. Please try again, or call us.',
} as const;

export function emptyQuoteForm(product: QuoteForm['product'] = '', numbers = '', message = ''): QuoteForm {
  return { name: '', company: '', email: '', phone: '', postcode: '', product, speed: '', sites: '1', numbers, message, website: '' };
}

/** The longest number the quote page takes from its address (a phone number is at most 15 digits with its spacing). */
const MAX_NUMBER_PARAM = 30;

/**
 * The message a quote for international porting starts with, from the page's `?number=` (the
 * Transfer tab of the international page links it): empty for any other product or no number.
 */
export function portingMessage(product: string | null, number: string | null): string {
  const typed = (number ?? '').trim().slice(0, MAX_NUMBER_PARAM);
  if (product !== 'internationalPorting' || !typed) return '';
  return `Please quote for moving my number ${typed} to us.`;
}

/**
 * The form /quote opens with: `?product=` preselects one; `?numbers=` (the number pages' offer at
 * the cart's cap, e.g. 11) chooses "More than 10 phone numbers" with the count filled in; with
 * `internationalPorting`, `?number=` fills in the message (portingMessage).
 */
export function initialQuoteForm(params: URLSearchParams, isProduct: (value: string) => value is QuoteProduct): QuoteForm {
  const numbers = params.get('numbers')?.trim() ?? '';
  if (/^\d{1,4}$/.test(numbers)) return emptyQuoteForm('phoneNumbers', String(Number(numbers)));
  const product = params.get('product') ?? '';
  return emptyQuoteForm(isProduct(product) ? product : '', '', portingMessage(product, params.get('number')));
}

/** Every field's message, the same rules the server applies. */
export function validateQuote(form: QuoteForm): QuoteErrors {
  const errors: QuoteErrors = {};
  if (!form.name.trim()) errors.name = quoteMessages.nameRequired;
  if (!form.company.trim()) errors.company = formMessages.companyRequired;
  const email = form.email.trim();
  if (!email) errors.email = formMessages.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = formMessages.emailInvalid;
  const phone = form.phone.trim();
  if (!phone) errors.phone = formMessages.phoneRequired;
  else if (!PHONE_PATTERN.test(phone)) errors.phone = formMessages.phoneInvalid;
  const postcode = form.postcode.trim();
  if (!postcode) errors.postcode = formMessages.postcodeRequired;
  else if (!UK_POSTCODE.test(postcode)) errors.postcode = formMessages.postcodeInvalid;
  if (!form.product) errors.product = quoteMessages.productRequired;
  if (form.product === 'leasedLine') {
    if (!form.speed) errors.speed = quoteMessages.speedRequired;
    const sites = Number(form.sites);
    if (!/^\d+$/.test(form.sites.trim()) || sites < 1 || sites > MAX_SITES) errors.sites = quoteMessages.sitesInvalid;
  }
  if (form.product === 'phoneNumbers') {
    const numbers = Number(form.numbers);
    if (!/^\d+$/.test(form.numbers.trim()) || numbers < MIN_QUOTE_NUMBERS || numbers > MAX_QUOTE_NUMBERS) errors.numbers = quoteMessages.numbersInvalid;
  }
  if (form.message.trim().length > MAX_MESSAGE) errors.message = quoteMessages.messageTooLong;
  return errors;
}

/** The body the server takes: trimmed, and the line's speed and sites only for a leased line. */
export function quoteRequestBody(form: QuoteForm): QuoteRequestBody {
  const line = form.product === 'leasedLine' ? { speed: form.speed, sites: Number(form.sites) } : {};
  const numbers = form.product === 'phoneNumbers' ? { numbers: Number(form.numbers) } : {};
  return {
    name: form.name.trim(),
    company: form.company.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    postcode: form.postcode.trim(),
    product: form.product,
    ...line,
    ...numbers,
    message: form.message.trim(),
    website: form.website,
  };
}
