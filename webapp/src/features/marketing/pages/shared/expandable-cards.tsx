import { useId, useState, type ReactNode } from 'react';
import { Icon, type IconName } from './icon';

export interface ExpandableCard {
  id: string;
  icon: IconName;
  title: string;
  summary: string;
  details: ReactNode;
}

/** Cards that open to show more, one at a time: opening one closes the others, clicking the open one closes it. */
export function ExpandableCards({ cards }: { cards: ExpandableCard[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const baseId = useId();
  return (
    <ul className="sp-cards sp-cols-3 sp-expandable">
      {cards.map((card) => {
        const isOpen = open === card.id;
        const panelId = `${baseId}-${card.id}`;
        return (
          <li key={card.id} className={`sp-card${isOpen ? ' is-open' : ''}`}>
            <h3>
              <button type="button" className="sp-card-toggle" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setOpen(isOpen ? null : card.id)}>
                <span className="sp-card-icon">
                  <Icon name={card.icon} />
                </span>
                <span className="sp-card-title">{card.title}</span>
                <span className="sp-card-sign" aria-hidden="true">
                  {isOpen ? '−' : '+'}
                </span>
              </button>
            </h3>
            <p className="sp-card-summary">{card.summary}</p>
            <div id={panelId} className="sp-card-details" hidden={!isOpen}>
              {card.details}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
