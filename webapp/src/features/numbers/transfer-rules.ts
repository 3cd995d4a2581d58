/**
 * The Transfer tab's rules, mirrored from the server's (aggregates/src/cart/validation.rs):
 * a UK mobile (07) moves with its PAC code, a UK landline or non-geographic number with a
 * letter of authority after checkout, and a number from abroad on a quote.
 */

/** How the page treats a typed number. */
export type TransferKind = 'mobile' | 'uk' | 'foreign' | 'unknown';

export const transferMessages = {
  /** The server's `pac_required`. */
  pacRequired: 'A mobile number moves with its PAC code: text PAC to 65075 from the phone to get it, then enter it here.',
  /** The server's `invalid_pac`. */
  pacInvalid: 'A PAC code is 3 letters then 6 digits, like ABC123456.',
  /** Ofcom's scheme: the network texts the PAC to the phone. */
  pacHint: 'Text PAC to 65075 from the phone to get it; it is valid for 30 days.',
  ukHint: 'Bring your existing UK number (01, 02, 03, 07, 0800, 0808, 0845 or 0870). Porting is free and takes 2-3 business days.',
  internationalHint:
    'Moving a number from abroad? We arrange international porting on a quote. UK numbers (01, 02, 03, 07, 0800, 0808, 0845 or 0870) move online, free.',
  foreignOffer: 'We transfer numbers from abroad on a quote: our sales team checks the country and the carrier, and replies within the hour in office hours.',
  foreignLink: 'Request a quote for international porting',
} as const;

/** Digits with their `+`, without the spaces, hyphens, brackets and dots people type (the server's `normalise_number_value`). */
function compact(typed: string): string {
  return typed.trim().replace(/[\s\-().]/g, '');
}

/** What kind of transfer a typed number is: a UK mobile, another UK number, a number from abroad, or not yet a number. */
export function transferKind(typed: string): TransferKind {
  const value = compact(typed);
  if (!/^\+?\d{4,15}$/.test(value)) return 'unknown';
  const international = value.startsWith('+') ? value.slice(1) : value.startsWith('00') ? value.slice(2) : null;
  if (international !== null && international !== '' && !international.startsWith('44')) return 'foreign';
  const digits = value.replace(/^\+/, '');
  let national = digits;
  if (digits.startsWith('0044')) national = `0${digits.slice(4)}`;
  else if (digits.startsWith('44') && digits.length >= 12) national = `0${digits.slice(2)}`;
  return national.startsWith('07') ? 'mobile' : 'uk';
}

/** A PAC as the server stores it: spaces and hyphens dropped, upper case; null when it is not 3 letters then 6 digits. */
export function normalisePac(typed: string): string | null {
  const pac = typed.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z]{3}\d{6}$/.test(pac) ? pac : null;
}

/** The PAC field's message: undefined when the PAC will do. */
export function pacError(typed: string): string | undefined {
  if (!typed.trim()) return transferMessages.pacRequired;
  return normalisePac(typed) ? undefined : transferMessages.pacInvalid;
}

/** The quote page for porting a number from abroad, with the number filled in. */
export function internationalPortingQuote(number: string): string {
  const params = new URLSearchParams({ product: 'internationalPorting', number: number.trim() });
  return `/quote?${params.toString()}`;
}
