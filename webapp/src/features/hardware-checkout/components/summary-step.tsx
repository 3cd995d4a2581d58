import { messages } from '../messages';
import type { HardwareQuote } from '../types';
import { AmountsList } from './amounts-list';
import { LineList } from './line-list';
import { PriceChangeNotices } from './price-change-notices';

/** Step 1: the cart's desk phones as the server priced them today (each changed price said so), VAT on the items only. */
export function SummaryStep({ quote, onContinue }: { quote: HardwareQuote; onContinue: () => void }) {
  return (
    <section className="panel hw-panel" aria-labelledby="hw-step-heading">
      <h2 id="hw-step-heading">Order Summary</h2>
      <PriceChangeNotices changes={quote.priceChanges} />
      <LineList lines={quote.lines} withDetails />
      <AmountsList amounts={quote.amounts} withShipping={false} />
      <p className="muted">{messages.shippingNote}</p>
      <div className="page-actions">
        <span />
        <button type="button" className="button button-primary" onClick={onContinue}>
          Continue to Shipping Options
        </button>
      </div>
    </section>
  );
}
