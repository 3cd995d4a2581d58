import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';
import '../service-pages.css';

/** The top of a service page: an eyebrow, the page's one H1, a lead and its actions. */
export function ServiceHero({ eyebrow, title, lead, children }: { eyebrow: string; title: ReactNode; lead: ReactNode; children?: ReactNode }) {
  return (
    <section className="sp-hero">
      <div className="container sp-hero-inner">
        <p className="sp-eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        <p className="sp-lead">{lead}</p>
        {children && <div className="sp-hero-actions">{children}</div>}
      </div>
    </section>
  );
}

/** A page section with its H2 (the id makes it a link target, e.g. /business-phone-system#routing). */
export function Section({
  id,
  title,
  intro,
  tone = 'plain',
  children,
}: {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  tone?: 'plain' | 'soft';
  children?: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} className={`sp-section${tone === 'soft' ? ' is-soft' : ''}`} aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId}>{title}</h2>
        {intro && <p className="sp-intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}

export interface FeatureCard {
  icon: IconName;
  title: string;
  text: ReactNode;
}

/** A grid of cards with an icon, an H3 and a paragraph. */
export function FeatureCards({ cards, columns = 3 }: { cards: FeatureCard[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={`sp-cards sp-cols-${columns}`}>
      {cards.map((card) => (
        <li key={card.title} className="sp-card">
          <span className="sp-card-icon">
            <Icon name={card.icon} />
          </span>
          <h3>{card.title}</h3>
          <p>{card.text}</p>
        </li>
      ))}
    </ul>
  );
}

export interface Step {
  title: string;
  text: ReactNode;
}

/** Numbered steps (an ordered list, so screen readers hear "1 of 6"). */
export function StepList({ steps, label }: { steps: Step[]; label: string }) {
  return (
    <ol className={`sp-steps${steps.length % 3 === 0 ? ' is-threes' : ''}`} aria-label={label}>
      {steps.map((step) => (
        <li key={step.title} className="sp-step">
          <h3>{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** A list of short facts with ticks. */
export function TickList({ items, label }: { items: ReactNode[]; label?: string }) {
  return (
    <ul className="sp-ticks" aria-label={label}>
      {items.map((item, index) => (
        <li key={index}>
          <Icon name="check" size={20} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** The closing call to action of a page. */
export function CtaPanel({ id, title, text, children }: { id: string; title: string; text: ReactNode; children: ReactNode }) {
  return (
    <section className="sp-cta" aria-labelledby={`${id}-heading`}>
      <div className="container sp-cta-inner">
        <div>
          <h2 id={`${id}-heading`}>{title}</h2>
          <p>{text}</p>
        </div>
        <div className="sp-cta-actions">{children}</div>
      </div>
    </section>
  );
}
