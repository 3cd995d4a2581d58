import { describe, expect, it } from 'vitest';
import { parseHardwareHash, productHash } from './hardware-hash';

describe('the hardware hash', () => {
  it.each([
    ['', 'all'],
    ['#', 'all'],
    ['#all', 'all'],
    ['#grandstream', 'grandstream'],
    ['#yealink', 'yealink'],
    ['#polycom', 'polycom'],
    ['#cisco', 'cisco'],
    ['#Yealink', 'yealink'],
    ['#panasonic', 'all'],
    ['#yealinks', 'all'],
    ['#yealink-', 'yealink'],
  ])('%s selects %s', (hash, tab) => {
    expect(parseHardwareHash(hash)).toEqual({ tab, productId: null });
  });

  it('{brand}-{id} selects the brand and names the product (ids keep their hyphens)', () => {
    expect(parseHardwareHash('#yealink-0b6c2b52-8d0e-4b8e-9a51-3f1f0c9f1a01')).toEqual({
      tab: 'yealink',
      productId: '0b6c2b52-8d0e-4b8e-9a51-3f1f0c9f1a01',
    });
    expect(parseHardwareHash('#cisco-42')).toEqual({ tab: 'cisco', productId: '42' });
    expect(parseHardwareHash('#cisco-a%20b')).toEqual({ tab: 'cisco', productId: 'a b' });
    expect(parseHardwareHash('#cisco-%E0%A4%A')).toEqual({ tab: 'cisco', productId: '%E0%A4%A' });
  });

  it('productHash builds the link the admin "View on Site" button opens', () => {
    expect(productHash('polycom', 'abc')).toBe('#polycom-abc');
    expect(parseHardwareHash(productHash('polycom', 'abc'))).toEqual({ tab: 'polycom', productId: 'abc' });
  });
});
