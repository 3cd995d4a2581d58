import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { guideCategories, videoGuides, type GuideCategory, type VideoGuide } from '../video-guides';
import { GuidePlayer } from './guide-player';
import { Link } from 'react-router-dom';
import { guidePath } from '../guide-ids';

/**
 * The video guides: tabs Desktop Setup, Mobile Setup and Features over cards; a card opens the
 * guide in the page, and Back to Videos returns to the cards with focus on that card's button.
 */
export function VideoGuidesSection({ guides = videoGuides }: { guides?: readonly VideoGuide[] }) {
  const id = useId();
  const [category, setCategory] = useState<GuideCategory>('setup');
  const [openId, setOpenId] = useState<string | null>(null);
  /** The card to focus after Back to Videos. */
  const returnTo = useRef<string | null>(null);
  const open = guides.find((guide) => guide.id === openId) ?? null;

  useEffect(() => {
    if (open || !returnTo.current) return;
    document.getElementById(`${id}-open-${returnTo.current}`)?.focus();
    returnTo.current = null;
  }, [open, id]);

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = guideCategories.findIndex((entry) => entry.key === category);
    const last = guideCategories.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % guideCategories.length
        : event.key === 'ArrowLeft'
          ? (index + last) % guideCategories.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setCategory(guideCategories[next].key);
    document.getElementById(`${id}-tab-${guideCategories[next].key}`)?.focus();
  };

  return (
    <section className="section video-guides" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Video guides</h2>
      <p className="lead">
        Step-by-step set-up for the apps and the dashboard, with the exact settings to type and a diagram of where they go.
      </p>
      {open ? (
        <GuidePlayer
          guide={open}
          onBack={() => {
            returnTo.current = open.id;
            setOpenId(null);
          }}
        />
      ) : (
        <>
          <div role="tablist" aria-label="Guide categories" className="guide-tabs" onKeyDown={onTabKey}>
            {guideCategories.map(({ key, label }) => (
              <button
                key={key}
                type="button"
                role="tab"
                id={`${id}-tab-${key}`}
                aria-selected={key === category}
                aria-controls={`${id}-panel`}
                tabIndex={key === category ? 0 : -1}
                className="guide-tab"
                onClick={() => setCategory(key)}
              >
                {label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${category}`} className="guide-panel">
            <ul className="guide-cards">
              {guides
                .filter((guide) => guide.category === category)
                .map((guide) => (
                  <li key={guide.id} className="card guide-card">
                    <h3>{guide.title}</h3>
                    <p>{guide.description}</p>
                    <p className="guide-card-meta">{guide.steps.length} steps</p>
                    <button
                      type="button"
                      id={`${id}-open-${guide.id}`}
                      className="button button-secondary"
                      aria-label={`Open guide: ${guide.title}`}
                      onClick={() => setOpenId(guide.id)}
                    >
                      Open guide
                    </button>{' '}
                    <Link to={guidePath(guide.id)} aria-label={`Written guide to print: ${guide.title}`}>
                      Written guide
                    </Link>
                  </li>
                ))}
            </ul>
          </div>
        </>
      )}
    </section>
  );
}
