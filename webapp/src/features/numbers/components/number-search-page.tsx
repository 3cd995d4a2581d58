import type { ReactNode } from 'react';
import { PageMeta } from '../../../components/page-meta';
import { siteConfig } from '../../../config/site';
import type { NumberSelection } from '../types';
import type { NumberPageState } from '../use-number-page';
import { NumberTabs } from './number-tabs';
import { NumbersPageFrame } from './numbers-page-frame';
import { SearchResults, type SearchResultsProps } from './search-results';
import { TransferForm } from './transfer-form';

export interface NumberPageMeta {
  title: string;
  description: string;
  /** Canonical path. */
  path: string;
  /** The schema.org Product: its name after the product name, its description and its offer. */
  product: { name: string; description: string; offers: Record<string, string> };
}

interface NumberSearchPageProps {
  meta: NumberPageMeta;
  /** The page's H1 and lead. */
  title: string;
  lead: string;
  selection: NumberSelection;
  page: NumberPageState;
  /** The search form's fields; Search submits the form. */
  filters: ReactNode;
  onSearch: () => void;
  /** How the page shows its results (its numbers, prompt, messages and cards). */
  results: Omit<SearchResultsProps, 'results' | 'toggle' | 'selection'>;
  /** The international page: the Transfer tab speaks of numbers from abroad first. */
  international?: boolean;
}

/**
 * A number page (UK, international, mobile): meta, the frame with the selection panel, the New
 * number tab with the search form and its results, and the Transfer my number tab.
 */
export function NumberSearchPage({ meta, title, lead, selection, page, filters, onSearch, results, international }: NumberSearchPageProps) {
  return (
    <>
      <PageMeta
        title={meta.title}
        description={meta.description}
        path={meta.path}
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: `${siteConfig.productName} ${meta.product.name}`,
          description: meta.product.description,
          offers: meta.product.offers,
        }}
      />
      <NumbersPageFrame title={title} lead={lead} selection={selection} toggle={page.toggle} checkoutMode={page.checkoutMode}>
        <NumberTabs tab={page.tab} onChange={page.changeTab}>
          {page.tab === 'new' ? (
            <>
              <form
                className="number-filters"
                aria-label="Search numbers"
                onSubmit={(event) => {
                  event.preventDefault();
                  onSearch();
                }}
              >
                {filters}
                <button type="submit" className="button button-primary">
                  Search
                </button>
              </form>
              <SearchResults results={page.results} toggle={page.toggle} selection={selection} {...results} />
            </>
          ) : (
            <TransferForm onAdd={page.toggle.addTransfer} international={international} />
          )}
        </NumberTabs>
      </NumbersPageFrame>
    </>
  );
}
