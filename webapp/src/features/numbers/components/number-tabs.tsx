import { useId, type ReactNode } from 'react';

export type NumberTab = 'new' | 'transfer';

const tabLabels: Record<NumberTab, string> = { new: 'New number', transfer: 'Transfer my number' };

/** New number / Transfer my number, with the panel of the active tab. */
export function NumberTabs({ tab, onChange, children }: { tab: NumberTab; onChange: (tab: NumberTab) => void; children: ReactNode }) {
  const id = useId();
  return (
    <>
      <div className="number-tabs" role="tablist" aria-label="New or transferred number">
        {(Object.keys(tabLabels) as NumberTab[]).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${id}-${key}`}
            aria-selected={tab === key}
            aria-controls={`${id}-panel`}
            className={`number-tab${tab === key ? ' is-active' : ''}`}
            onClick={() => {
              if (key !== tab) onChange(key);
            }}
          >
            {tabLabels[key]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}`} className="number-tab-panel">
        {children}
      </div>
    </>
  );
}
