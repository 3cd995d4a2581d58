import { siteConfig } from '../../config/site';
import { penceAsDecimal } from '../../lib/format-money';
import { productHash } from './hardware-hash';
import { BRAND_NAMES, type HardwareProduct } from './types';

/**
 * The shop's structured data (schema.org): a collection page whose main entity lists every
 * phone shown as a Product with its Offer (price ex VAT in GBP, stock), so search engines read
 * the live catalogue from the served HTML.
 */
export function hardwareJsonLd(products: readonly HardwareProduct[]): Record<string, unknown> {
  const pageUrl = `${siteConfig.siteUrl}/hardware`;
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: `${siteConfig.productName} desk phones`,
    description: 'Grandstream, Yealink, Polycom and Cisco IP desk phones.',
    url: pageUrl,
    mainEntity: {
      '@type': 'ItemList',
      numberOfItems: products.length,
      itemListElement: products.map((product, index) => {
        const url = `${pageUrl}${productHash(product.brand, product.id)}`;
        const price = penceAsDecimal(product.pricePence);
        return {
          '@type': 'ListItem',
          position: index + 1,
          item: {
            '@type': 'Product',
            name: product.name,
            sku: product.id,
            ...(product.model ? { model: product.model } : {}),
            brand: { '@type': 'Brand', name: BRAND_NAMES[product.brand] },
            ...(product.shortDesc ? { description: product.shortDesc } : {}),
            ...(product.images[0] ? { image: new URL(product.images[0], siteConfig.siteUrl).href } : {}),
            url,
            offers: {
              '@type': 'Offer',
              url,
              price,
              priceCurrency: 'GBP',
              priceSpecification: {
                '@type': 'UnitPriceSpecification',
                price,
                priceCurrency: 'GBP',
                valueAddedTaxIncluded: false,
              },
              availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
              itemCondition: 'https://schema.org/NewCondition',
            },
          },
        };
      }),
    },
  };
}
