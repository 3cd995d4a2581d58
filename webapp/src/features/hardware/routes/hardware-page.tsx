import { PageMeta } from '../../../components/page-meta';
import { siteConfig } from '../../../config/site';
import { BrandSection } from '../components/brand-section';
import { BrandTabs } from '../components/brand-tabs';
import { HardwareErrorBoundary } from '../components/hardware-error-boundary';
import { useHardwareHash } from '../hardware-hash';
import { hardwareJsonLd } from '../structured-data';
import { useShownProducts } from '../use-brand-products';
import { BRANDS, type AddToCart, type HardwareBrand } from '../types';
import '../hardware.css';

/**
 * The desk-phone shop: brand tabs mirrored in the hash, one section per brand,
 * `#{brand}-{id}` scrolls to and highlights a product. Add to Cart comes from the app layer.
 */
export function HardwarePage({ onAddToCart }: { onAddToCart: AddToCart }) {
  const { tab, productId, visit, selectTab } = useHardwareHash();
  const brands: readonly HardwareBrand[] = tab === 'all' ? BRANDS : [tab];
  const shown = useShownProducts(brands);
  return (
    <>
      <PageMeta
        title="IP Desk Phones: Yealink, Grandstream, Polycom and Cisco"
        description="Business desk phones ready for your hosted phone system: Grandstream, Yealink, Polycom and Cisco IP phones, delivered across the UK."
        path="/hardware"
        jsonLd={hardwareJsonLd(shown)}
      />
      <section className="page-hero compact">
        <div className="container">
          <h1>Business Desk Phones</h1>
          <p className="lead">
            IP desk phones that work with your {siteConfig.productName} phone system out of the box. Prices exclude VAT.
          </p>
        </div>
      </section>
      <div className="container page-body">
        <HardwareErrorBoundary resetKey={visit}>
          <BrandTabs tab={tab} onChange={selectTab}>
            {brands.map((brand) => (
              <BrandSection
                key={brand}
                brand={brand}
                focusId={brand === tab ? productId : null}
                visit={visit}
                onAddToCart={onAddToCart}
              />
            ))}
          </BrandTabs>
        </HardwareErrorBoundary>
      </div>
    </>
  );
}
