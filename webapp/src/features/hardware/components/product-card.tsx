import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { formatPence } from '../../../lib/format-money';
import { messages } from '../messages';
import type { AddToCart, HardwareProduct } from '../types';
import { productCardId } from '../use-product-focus';
import { ImageGallery } from './image-gallery';
import { QuantityStepper, useQuantity } from './quantity-stepper';
import { StarRating } from './star-rating';

type AddState = { kind: 'idle' } | { kind: 'adding' } | { kind: 'added'; quantity: number } | { kind: 'failed'; message: string };

interface ProductCardProps {
  product: HardwareProduct;
  highlighted: boolean;
  onAddToCart: AddToCart;
}

function Details({ product }: { product: HardwareProduct }) {
  const specs = Object.entries(product.specs);
  return (
    <>
      {product.description && <p className="product-description">{product.description}</p>}
      {product.features.length > 0 && (
        <>
          <h4>Features</h4>
          <ul className="product-list">
            {product.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </>
      )}
      {product.compatibility.length > 0 && (
        <>
          <h4>Compatibility</h4>
          <ul className="product-list">
            {product.compatibility.map((entry) => (
              <li key={entry}>{entry}</li>
            ))}
          </ul>
        </>
      )}
      {specs.length > 0 && (
        <>
          <h4>Specifications</h4>
          <dl className="product-specs">
            {specs.map(([key, value]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </>
  );
}

/** A desk phone: gallery, name, rating, price ex VAT, stock, details, quantity and Add to Cart. */
export function ProductCard({ product, highlighted, onAddToCart }: ProductCardProps) {
  const titleId = useId();
  const detailsId = useId();
  const [expanded, setExpanded] = useState(false);
  const { draft, setDraft, quantity } = useQuantity();
  const [add, setAdd] = useState<AddState>({ kind: 'idle' });
  const original = product.originalPricePence;

  const addToCart = async () => {
    setAdd({ kind: 'adding' });
    try {
      await onAddToCart(product.id, quantity);
      setAdd({ kind: 'added', quantity });
    } catch (failure) {
      setAdd({ kind: 'failed', message: errorMessage(failure) });
    }
  };

  return (
    <article
      id={productCardId(product.id)}
      className={`product-card${highlighted ? ' is-highlighted' : ''}`}
      aria-labelledby={titleId}
      data-highlighted={highlighted || undefined}
    >
      <ImageGallery images={product.images} name={product.name} />
      <div className="product-body">
        <h3 id={titleId} className="product-name">
          {product.name}
        </h3>
        <StarRating rating={product.rating} />
        {product.shortDesc && <p className="product-short">{product.shortDesc}</p>}
        <p className="product-price">
          {original !== undefined && original > product.pricePence && (
            <>
              <span className="visually-hidden">Was </span>
              <s className="product-price-was">{formatPence(original)}</s>{' '}
            </>
          )}
          <span className="product-price-now">{formatPence(product.pricePence)} ex VAT</span>
        </p>
        <p className={`product-stock ${product.inStock ? 'is-in-stock' : 'is-out-of-stock'}`}>
          {product.inStock ? messages.inStock : messages.outOfStock}
        </p>
        <button
          type="button"
          className="product-more"
          aria-expanded={expanded}
          aria-controls={detailsId}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? messages.showLess : messages.learnMore}
        </button>
        <div id={detailsId} className="product-details" hidden={!expanded}>
          {expanded && <Details product={product} />}
        </div>
        <div className="product-buy">
          <QuantityStepper draft={draft} quantity={quantity} onChange={setDraft} label={`Quantity of ${product.name}`} />
          <button
            type="button"
            className="button button-primary"
            disabled={!product.inStock || add.kind === 'adding'}
            onClick={() => void addToCart()}
          >
            {add.kind === 'adding' ? messages.adding : messages.addToCart}
          </button>
        </div>
        <div className="product-feedback" role="status">
          {add.kind === 'added' && <p className="product-added">{messages.added(add.quantity, product.name)}</p>}
        </div>
        {add.kind === 'failed' && (
          <p role="alert" className="form-error">
            {add.message}
          </p>
        )}
      </div>
    </article>
  );
}
