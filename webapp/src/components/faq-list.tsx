import { useId, useState } from 'react';

export interface FaqItem {
  question: string;
  answer: string;
}

interface FaqListProps {
  items: readonly FaqItem[];
  /** The level of each question's heading: 3 under a section's h2 (the default), 2 straight under a page's h1. */
  headingLevel?: 2 | 3;
}

/**
 * Accordion of questions, one open at a time: opening one closes the other, clicking the open
 * one closes it (docs/product-rules.md#help-and-information-pages). Closed answers stay in the
 * page (hidden), so the prerendered HTML holds them all.
 */
export function FaqList({ items, headingLevel = 3 }: FaqListProps) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="faq-list">
      {items.map((item, index) => {
        const isOpen = open === index;
        const panelId = `${baseId}-faq-${index}`;
        return (
          <div key={item.question} className={`faq-item${isOpen ? ' is-open' : ''}`}>
            <Heading className="faq-question">
              <button type="button" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setOpen(isOpen ? null : index)}>
                {item.question}
                <span aria-hidden="true">{isOpen ? '−' : '+'}</span>
              </button>
            </Heading>
            <div id={panelId} className="faq-answer" hidden={!isOpen}>
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** schema.org FAQPage structured data for the same questions and answers. */
export function faqPageJsonLd(items: readonly FaqItem[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}
