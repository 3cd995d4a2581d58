import { useState } from 'react';
import { formatPence } from '../../../lib/format-money';

interface ListedLine {
  productId: string;
  name: string;
  quantity: number;
  linePence: number;
  imageUrl?: string | null;
  shortDesc?: string | null;
}

/** The phone's picture, or a placeholder when it has none or it does not load. */
function LineImage({ name, url }: { name: string; url: string | null | undefined }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <span className="hw-line-image hw-line-placeholder" role="img" aria-label={`${name}: no image`}>
        ☎
      </span>
    );
  }
  return <img className="hw-line-image" src={url} alt={name} onError={() => setFailed(true)} />;
}

/** The desk phones of a quote or an order, priced by the server; `withDetails` adds the picture and short description. */
export function LineList({ lines, withDetails = false }: { lines: ListedLine[]; withDetails?: boolean }) {
  return (
    <ul className="hw-lines" aria-label="Desk phones">
      {lines.map((line) => (
        <li key={line.productId} className="hw-line">
          {withDetails && <LineImage name={line.name} url={line.imageUrl} />}
          <div className="hw-line-text">
            <p className="hw-line-name">{line.name}</p>
            {line.quantity > 1 && <p className="hw-line-quantity">Qty: {line.quantity}</p>}
            {withDetails && <p className="muted small">{line.shortDesc || 'Hardware item'}</p>}
          </div>
          <span className="hw-line-price">{formatPence(line.linePence)}</span>
        </li>
      ))}
    </ul>
  );
}
