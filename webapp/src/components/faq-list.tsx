import { useId, useState } from 'react';

export interface FaqItem {
  question: string;
  answer: string;
}

/** Accordion of questions, one open at a time; clicking the open one closes it. */
export function FaqList({ items }: { items: FaqItem[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <div className="faq-list">
      {items.map((item, index) => {
        const isOpen = open === index;
        const panelId = `${baseId}-faq-${index}`;
        return (
          <div key={item.question} className={`faq-item${isOpen ? ' is-open' : ''}`}>
            <h3 className="faq-question">
              <button type="button" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setOpen(isOpen ? null : index)}>
                {item.question}
                <span aria-hidden="true">{isOpen ? '−' : '+'}</span>
              </button>
            </h3>
            <div id={panelId} className="faq-answer" hidden={!isOpen}>
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
