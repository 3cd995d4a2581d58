import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { BRAND_NAMES, BRANDS, type BrandTab } from '../types';

const TABS: { key: BrandTab; label: string }[] = [
  { key: 'all', label: 'All' },
  ...BRANDS.map((brand) => ({ key: brand, label: BRAND_NAMES[brand] })),
];

/** All, Grandstream, Yealink, Polycom, Cisco, with the panel of the active tab. */
export function BrandTabs({ tab, onChange, children }: { tab: BrandTab; onChange: (tab: BrandTab) => void; children: ReactNode }) {
  const id = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = TABS[(TABS.findIndex((entry) => entry.key === tab) + step + TABS.length) % TABS.length].key;
    onChange(next);
    document.getElementById(`${id}-${next}`)?.focus();
  };
  return (
    <>
      <div className="hardware-tabs" role="tablist" aria-label="Phone brands" onKeyDown={onKeyDown}>
        {TABS.map(({ key, label }) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${id}-${key}`}
            aria-selected={tab === key}
            aria-controls={`${id}-panel`}
            tabIndex={tab === key ? 0 : -1}
            className={`hardware-tab${tab === key ? ' is-active' : ''}`}
            onClick={() => onChange(key)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}`} className="hardware-panel">
        {children}
      </div>
    </>
  );
}
