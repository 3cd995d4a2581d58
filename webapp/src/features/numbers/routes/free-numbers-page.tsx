import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { TrialInclusions } from '../../../components/trial-inclusions';
import { siteConfig } from '../../../config/site';
import { serverErrorText } from '../../../lib/api-error';
import { saveSelectedFreeNumber, TRIAL_SETUP_PATH, type FreeNumberNavigationState } from '../../../lib/selected-free-number';
import { useGetFreeNumbersQuery } from '../api';
import { messages } from '../messages';
import type { FreeNumber } from '../types';
import '../numbers.css';
import { TRIAL_MINUTES } from '../../../config/trial';

function shown(number: FreeNumber): string {
  return number.displayValue || number.value;
}

/** One number of the pool: a radio named by the number, with the FREE and status tags and a tick when chosen. */
function FreeNumberCard({ number, selected, onChoose }: { number: FreeNumber; selected: boolean; onChoose: () => void }) {
  const valueId = useId();
  const tagsId = useId();
  return (
    <label className={`free-number-card${selected ? ' is-selected' : ''}`}>
      <span className="free-number-head">
        <input
          type="radio"
          name="free-number"
          value={number.value}
          checked={selected}
          aria-labelledby={valueId}
          aria-describedby={tagsId}
          onChange={onChoose}
        />
        <span id={valueId} className="free-number-value">
          {shown(number)}
        </span>
      </span>
      <span id={tagsId} className="free-number-tags">
        <span className="number-tag free-tag">FREE</span>
        {number.status && (
          <>
            {' '}
            <span className="number-tag">{number.status}</span>
          </>
        )}
      </span>
      {selected && (
        <span className="free-number-tick" aria-hidden="true">
          ✓
        </span>
      )}
    </label>
  );
}

/** The free-trial number picker (/free-trial-numbers and /free-numbers; canonical /free-trial-numbers). */
export function FreeNumbersPage() {
  const navigate = useNavigate();
  const query = useGetFreeNumbersQuery();
  const [chosen, setChosen] = useState<FreeNumber | null>(null);
  const numbers = query.data ?? [];
  const loading = query.isFetching && !query.data;

  const proceed = () => {
    if (!chosen) return;
    saveSelectedFreeNumber(chosen);
    navigate(TRIAL_SETUP_PATH, { state: { selectedNumber: chosen } satisfies FreeNumberNavigationState });
  };

  return (
    <>
      <PageMeta
        title="Choose your free trial number"
        description={`Start a free trial with a UK phone number, one extension and ${TRIAL_MINUTES} minutes of calls. No card needed.`}
        path="/free-trial-numbers"
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: `${siteConfig.productName} free trial phone number`,
          description: `A free UK number with one extension and ${TRIAL_MINUTES} minutes for the trial.`,
          offers: { '@type': 'Offer', priceCurrency: 'GBP', price: '0' },
        }}
      />
      <div className="container page-body">
        <Link to="/" className="back-link">
          ← Back to Home
        </Link>
        <h1>Choose your free number</h1>
        <p className="lead">Pick the number for your free trial. You can keep it when you upgrade.</p>
        <div className="free-numbers-layout">
          <div className="free-numbers-side">
            <TrialInclusions />
            {/* Shown while the numbers load too (disabled), so nothing moves when they arrive. */}
            {(loading || numbers.length > 0) && !query.isError && (
              <button type="button" className="button button-primary button-block" disabled={!chosen} onClick={proceed}>
                {chosen ? messages.proceedWith(shown(chosen)) : messages.selectFirst}
              </button>
            )}
          </div>
          <section aria-labelledby="free-numbers-heading">
            <h2 id="free-numbers-heading">Available numbers</h2>
            {loading && (
              <p className="loading free-numbers-loading" role="status">
                {messages.freeLoading}
              </p>
            )}
            {!loading && query.isError && (
              <div role="alert" className="free-numbers-error">
                <p className="form-error">{messages.freeError}</p>
                <p>{serverErrorText(query.error) ?? messages.freeErrorFallback}</p>
                <div className="page-actions">
                  <button type="button" className="button button-primary" onClick={() => void query.refetch()}>
                    Try Again
                  </button>
                  <Link to="/" className="button button-secondary">
                    ← Return to Home
                  </Link>
                </div>
              </div>
            )}
            {!loading && !query.isError && query.data && numbers.length === 0 && (
              <div className="numbers-empty">
                <p>
                  <strong>{messages.freeEmpty}</strong>
                </p>
                <p>{messages.freeEmptyHint}</p>
              </div>
            )}
            {!loading && !query.isError && numbers.length > 0 && (
              <>
                <p className="numbers-count">
                  {numbers.length} {numbers.length === 1 ? 'number' : 'numbers'} available
                </p>
                <fieldset className="free-number-grid">
                  <legend className="visually-hidden">Free numbers</legend>
                  {numbers.map((number) => (
                    <FreeNumberCard key={number.value} number={number} selected={chosen?.value === number.value} onChoose={() => setChosen(number)} />
                  ))}
                </fieldset>
              </>
            )}
          </section>
        </div>
      </div>
    </>
  );
}
