import { describe, expect, it } from 'vitest';
import { emptyForm, filledEntries, formFromItem, kilogramsToGrams, poundsToPence, toItemBody, validateForm, validationMessage } from './hardware-form-model';
import { hardwareItem } from './testing/fake-admin-server';

describe('hardware form model', () => {
  it('converts pounds to integer pence with Math.round at the edge', () => {
    expect(poundsToPence('119.99')).toBe(11999);
    expect(poundsToPence('0.29')).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(poundsToPence('1.005')).toBe(100); // 1.005 * 100 = 100.49999999999999
    expect(poundsToPence('4.35')).toBe(435); // 434.99999999999994
    expect(poundsToPence('12')).toBe(1200);
    expect(poundsToPence('')).toBeNull();
    expect(poundsToPence('  ')).toBeNull();
    expect(poundsToPence('abc')).toBeNull();
  });

  it('converts kilograms to grams', () => {
    expect(kilogramsToGrams('1.25')).toBe(1250);
    expect(kilogramsToGrams('0.07')).toBe(70);
    expect(kilogramsToGrams('')).toBeNull();
  });

  it("lists every problem with the form's messages, joined after 'Please fix the following errors: '", () => {
    expect(validateForm(emptyForm())).toEqual([
      'Product name is required',
      'Brand is required',
      'Model is required',
      'Valid price is required',
      'At least one feature is required',
      'At least one compatibility item is required',
    ]);
    expect(validationMessage({ ...emptyForm(), name: 'X', brand: 'cisco', model: 'M', price: '0', features: ['  ', ''], compatibility: ['SIP'] })).toBe(
      'Please fix the following errors: Valid price is required, At least one feature is required',
    );
    expect(validateForm({ ...emptyForm(), name: 'X', brand: 'cisco', model: 'M', price: '0.001', features: ['a'], compatibility: ['b'] })).toEqual([
      'Valid price is required',
    ]);
    expect(validationMessage({ ...emptyForm(), name: 'X', brand: 'cisco', model: 'M', price: '1', features: ['a'], compatibility: ['b'] })).toBeNull();
  });

  it('builds the wire body: pence, grams, blank rows dropped, images by id, specs kept', () => {
    const body = toItemBody({
      ...emptyForm(),
      name: ' Yealink T54W ',
      brand: 'yealink',
      model: 'T54W',
      price: '119.99',
      originalPrice: '129.5',
      grossWeight: '1.2',
      features: ['HD voice', '  ', 'Bluetooth'],
      compatibility: ['', 'Talkbridge'],
      rating: '4.5',
      status: 'published',
      images: [{ id: 'img-1', url: '/api/hardware-images/img-1', filename: 'front.png' }],
      specs: { Screen: '4.3"' },
    });
    expect(body).toEqual({
      name: 'Yealink T54W',
      brand: 'yealink',
      model: 'T54W',
      sku: '',
      pricePence: 11999,
      originalPricePence: 12950,
      grossWeightGrams: 1200,
      shortDesc: '',
      description: '',
      features: ['HD voice', 'Bluetooth'],
      compatibility: ['Talkbridge'],
      rating: 4.5,
      inStock: true,
      specs: { Screen: '4.3"' },
      status: 'published',
      imageIds: ['img-1'],
    });
    expect(filledEntries([' a ', '', 'b'])).toEqual(['a', 'b']);
  });

  it('fills the form from a saved item (pounds with two decimals, kilograms) and round-trips', () => {
    const item = hardwareItem({ pricePence: 11900, originalPricePence: 12950, grossWeightGrams: 1250, features: [], status: null });
    const form = formFromItem(item);
    expect(form.price).toBe('119.00');
    expect(form.originalPrice).toBe('129.50');
    expect(form.grossWeight).toBe('1.25');
    expect(form.features).toEqual(['']);
    expect(form.status).toBe('published');
    expect(form.rating).toBe('4.5');
    const body = toItemBody(form);
    expect(body.pricePence).toBe(11900);
    expect(body.originalPricePence).toBe(12950);
    expect(body.grossWeightGrams).toBe(1250);
  });

  it('a new item is a draft, in stock, rated 5, with one empty row per list', () => {
    expect(emptyForm()).toMatchObject({ status: 'draft', inStock: true, rating: '5', features: [''], compatibility: [''], images: [] });
  });
});
