import { siteConfig } from '../../../../config/site';

type Node = Record<string, unknown>;

/** A price in pence as schema.org wants it: "68.10" (integer arithmetic, no floats). */
export function schemaPrice(pence: number): string {
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}

/** Home › … › this page, as a BreadcrumbList. */
export function breadcrumbs(trail: { name: string; path: string }[]): Node {
  const items = [{ name: 'Home', path: '/' }, ...trail];
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: `${siteConfig.siteUrl}${item.path}`,
    })),
  };
}

/** The provider of every service we sell. */
export function provider(): Node {
  return { '@type': 'Organization', name: siteConfig.productName, url: siteConfig.siteUrl, telephone: siteConfig.salesPhoneDisplay };
}

/** A monthly offer ex VAT (no offer while the price list is loading). */
export function monthlyOffer(pence: number | undefined, extra: Node = {}): Node | undefined {
  if (pence === undefined) return undefined;
  return {
    '@type': 'Offer',
    price: schemaPrice(pence),
    priceCurrency: 'GBP',
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      price: schemaPrice(pence),
      priceCurrency: 'GBP',
      unitText: 'MONTH',
      valueAddedTaxIncluded: false,
    },
    ...extra,
  };
}

/** A Service node for a page, with its offers when the price list has arrived. */
export function service(name: string, description: string, path: string, offers?: Node | Node[]): Node {
  return {
    '@type': 'Service',
    name,
    description,
    url: `${siteConfig.siteUrl}${path}`,
    areaServed: { '@type': 'Country', name: 'United Kingdom' },
    provider: provider(),
    ...(offers ? { offers } : {}),
  };
}

/** One JSON-LD document holding several nodes. */
export function graph(...nodes: Node[]): Node {
  return { '@context': 'https://schema.org', '@graph': nodes };
}
