import { useId } from 'react';
import type { FunnelStep } from './types';

const numbers = new Intl.NumberFormat('en-GB');
const percent = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

function visitorsText(count: number): string {
  return `${numbers.format(count)} ${count === 1 ? 'visitor' : 'visitors'}`;
}

/** What was lost between a step and the one before it. */
function dropOffText(step: FunnelStep, index: number): string {
  if (index === 0) return 'Where the funnel starts';
  if (step.dropOffPercent === null || step.dropOffPercent === undefined) return 'Nobody reached the step before';
  return `${percent.format(step.dropOffPercent)}% dropped off (${visitorsText(step.dropOff)})`;
}

/**
 * The order funnel as a horizontal bar chart: each step's visitors as a bar (relative to the
 * first step) with the drop-off from the step before, and the orders completed. Plain HTML:
 * every number is text, so it reads the same without the bars.
 */
export function FunnelChart({ steps, orders }: { steps: FunnelStep[]; orders: number }) {
  const captionId = useId();
  const widest = Math.max(1, ...steps.map((step) => step.visitors));
  const last = steps.at(-1);
  return (
    <figure className="analytics-funnel" aria-labelledby={captionId}>
      <figcaption id={captionId}>
        Visitors who reached each step of a service order (a visitor counts once a day, at the furthest step they reached and every step before it)
      </figcaption>
      <ol>
        {steps.map((step, index) => (
          <li key={step.step}>
            <span className="analytics-funnel-label">{step.label}</span>
            <span className="analytics-funnel-track" aria-hidden="true">
              <span className="analytics-funnel-bar" style={{ width: `${(step.visitors / widest) * 100}%` }} />
            </span>
            <span className="analytics-funnel-count">{visitorsText(step.visitors)}</span>
            <span className="analytics-funnel-drop">{dropOffText(step, index)}</span>
          </li>
        ))}
      </ol>
      <p className="analytics-orders">
        <strong>{numbers.format(orders)}</strong> {orders === 1 ? 'service order' : 'service orders'} completed in this period
        {last && last.visitors > 0 ? ` (${visitorsText(last.visitors)} saw the thank-you page)` : ''}.
      </p>
    </figure>
  );
}
