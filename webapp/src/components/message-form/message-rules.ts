/**
 * The site's message forms (the support request on /support, the contact form on /contact):
 * they make no server call, they open the visitor's mail client with the message written out
 * (docs/product-rules.md#help-and-information-pages).
 */

export const messageFormMessages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  phoneRequired: 'Phone number is required',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  /** The alert after the mail client is asked to open. */
  sent: 'Thank you for your message. Your email client will open to complete sending.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Sends a checked message form by mail: with a field's message, focuses the first such field
 * (in `order`) and returns false; else opens the mail client with `mailto`, says so in the
 * alert, and returns true.
 */
export function sendByMail<F extends string>(
  form: HTMLFormElement | null,
  order: readonly F[],
  errors: Partial<Record<F, string>>,
  mailto: () => string,
  openMail: (url: string) => void,
): boolean {
  const firstInvalid = order.find((field) => errors[field]);
  if (firstInvalid) {
    form?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
    return false;
  }
  openMail(mailto());
  window.alert(messageFormMessages.sent);
  return true;
}

/** 'Email is required' / 'Email is invalid' / null for a good address. */
export function emailError(value: string): string | null {
  const email = value.trim();
  if (!email) return messageFormMessages.emailRequired;
  return EMAIL.test(email) ? null : messageFormMessages.emailInvalid;
}

/** `message` when `value` is blank, else null. */
export function requiredError(value: string, message: string): string | null {
  return value.trim() ? null : message;
}

/** Keeps only the fields that have an error. */
export function onlyErrors<Field extends string>(errors: Record<Field, string | null>): Partial<Record<Field, string>> {
  const kept: Partial<Record<Field, string>> = {};
  for (const [field, error] of Object.entries(errors) as [Field, string | null][]) {
    if (error) kept[field] = error;
  }
  return kept;
}

/** A mailto: link with the subject and body encoded. */
export function mailtoHref(to: string, subject: string, body: string): string {
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
