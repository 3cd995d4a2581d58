import { hardwareJsonLd } from './structured-data';
import type { HardwareProduct } from './types';

const phone = (overrides: Partial<HardwareProduct>): HardwareProduct => ({
  id: 'p1',
  brand: 'yealink',
  model: 'T54W',
  name: 'Yealink T54W',
  pricePence: 12999,
  shortDesc: 'A colour desk phone.',
  description: '',
  features: [],
  compatibility: [],
  inStock: true,
  rating: 5,
  status: 'published',
  images: ['/api/hardware/p1/images/1'],
  specs: {},
  ...overrides,
});

describe('hardwareJsonLd', () => {
  it('lists every phone as a Product with an Offer: price ex VAT in GBP, stock, its own link', () => {
    const data = hardwareJsonLd([phone({}), phone({ id: 'p2', brand: 'cisco', name: 'Cisco 8841', pricePence: 5, inStock: false, images: [], shortDesc: '' })]);
    expect(data['@type']).toBe('CollectionPage');
    const list = data.mainEntity as { numberOfItems: number; itemListElement: { position: number; item: Record<string, unknown> }[] };
    expect(list.numberOfItems).toBe(2);
    const [first, second] = list.itemListElement;
    expect(first.position).toBe(1);
    expect(first.item).toMatchObject({
      '@type': 'Product',
      name: 'Yealink T54W',
      sku: 'p1',
      brand: { '@type': 'Brand', name: 'Yealink' },
      description: 'A colour desk phone.',
      offers: {
        '@type': 'Offer',
        price: '129.99',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
        priceSpecification: { valueAddedTaxIncluded: false, price: '129.99' },
      },
    });
    expect(String(first.item.url)).toMatch(/\/hardware#yealink-p1$/);
    expect(String(first.item.image)).toMatch(/^https?:\/\/.+\/api\/hardware\/p1\/images\/1$/);
    expect(second.item).toMatchObject({ name: 'Cisco 8841', offers: { price: '0.05', availability: 'https://schema.org/OutOfStock' } });
    expect(second.item).not.toHaveProperty('image');
    expect(second.item).not.toHaveProperty('description');
  });

  it('has an empty list when no phone is shown yet', () => {
    expect(hardwareJsonLd([]).mainEntity).toMatchObject({ numberOfItems: 0, itemListElement: [] });
  });
});
