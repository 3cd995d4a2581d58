import { describe, expect, it } from 'vitest';
import { emptyQuoteForm, portingMessage, quoteRequestBody, validateQuote } from './quote-rules';
import type { QuoteForm } from './types';

const filled = (overrides: Partial<QuoteForm> = {}): QuoteForm => ({
  ...emptyQuoteForm('leasedLine'),
  name: ' Jane Smith ',
  company: 'Acme Plumbing Ltd',
  email: 'jane@acme.example',
  phone: '020 7946 0000',
  postcode: 'sw1a 1aa',
  speed: '1gbps',
  sites: '3',
  ...overrides,
});

describe('the quote form rules (the server applies the same)', () => {
  it('asks for every field, and a line speed and sites for a leased line', () => {
    expect(validateQuote(emptyQuoteForm())).toEqual({
      name: 'Name is required',
      company: 'Company name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      postcode: 'Postcode is required',
      product: 'Please choose what you would like a quote for',
    });
    expect(validateQuote(filled({ speed: '', sites: '0' }))).toEqual({
      speed: 'Please choose the line speed',
      sites: 'Please enter the number of sites, from 1 to 50',
    });
    expect(validateQuote(filled({ sites: '51' })).sites).toBe('Please enter the number of sites, from 1 to 50');
    expect(validateQuote(filled({ sites: '2.5' })).sites).toBe('Please enter the number of sites, from 1 to 50');
    expect(validateQuote(filled({ email: 'jane@', phone: '123', postcode: '12345' }))).toEqual({
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      postcode: 'Please enter a valid UK postcode (e.g., SW1A 1AA)',
    });
    expect(validateQuote(filled({ message: 'x'.repeat(2001) })).message).toBe('Please keep the message under 2,000 characters');
    expect(validateQuote(filled())).toEqual({});
  });

  it('sends the line details only for a leased line, trimmed, with the hidden field as it is', () => {
    expect(quoteRequestBody(filled())).toEqual({
      name: 'Jane Smith',
      company: 'Acme Plumbing Ltd',
      email: 'jane@acme.example',
      phone: '020 7946 0000',
      postcode: 'sw1a 1aa',
      product: 'leasedLine',
      speed: '1gbps',
      sites: 3,
      message: '',
      website: '',
    });
    const broadband = quoteRequestBody(filled({ product: 'broadband' }));
    expect(broadband).not.toHaveProperty('speed');
    expect(broadband).not.toHaveProperty('sites');
  });
});

describe('portingMessage', () => {
  it('fills in the number for an international porting quote', () => {
    expect(portingMessage('internationalPorting', ' +33 1 23 45 67 89 ')).toBe('Please quote for moving my number +33 1 23 45 67 89 to us.');
  });

  it('is empty for another product or no number, and takes at most 30 characters of it', () => {
    expect(portingMessage('broadband', '+33 1 23 45 67 89')).toBe('');
    expect(portingMessage('internationalPorting', null)).toBe('');
    expect(portingMessage('internationalPorting', '   ')).toBe('');
    expect(portingMessage('internationalPorting', '1'.repeat(100))).toBe(`Please quote for moving my number ${'1'.repeat(30)} to us.`);
  });
});
