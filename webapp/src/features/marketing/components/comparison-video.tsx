import { useState } from 'react';
import { Link } from 'react-router-dom';
import './comparison-video.css';

export interface VideoSource {
  /** A file under webapp/public, e.g. '/videos/compare.mp4'. */
  src: string;
  type: string;
}

/**
 * The comparison video's files, tried in turn. No video has been made for the site yet, so the
 * list is empty and the block says so honestly, pointing to the comparison table instead.
 */
export const COMPARISON_VIDEO_SOURCES: readonly VideoSource[] = [];

export const videoMessages = {
  loading: 'Loading video…',
  error: 'Error loading video. Please try again later.',
  unsupported: 'Your browser does not support HTML5 video.',
} as const;

export type VideoStatus = 'loading' | 'loaded' | 'error';

/**
 * The home page's comparison video: loading, then loaded; when a file fails the next one is
 * tried, and after the last the error shows (docs/product-rules.md#help-and-information-pages).
 * It never plays by itself.
 */
export function ComparisonVideo({ sources = COMPARISON_VIDEO_SOURCES }: { sources?: readonly VideoSource[] }) {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const source = sources[attempt];
  const status: VideoStatus = !source ? 'error' : loaded ? 'loaded' : 'loading';

  return (
    <section className="section comparison-video" aria-labelledby="comparison-video-heading">
      <h2 id="comparison-video-heading">See how a cloud phone system compares</h2>
      <p>What changes when your calls move from a phone line and a box in the cupboard to the cloud.</p>
      <div className={`video-frame is-${status}`} data-status={status}>
        {source && (
          <video
            key={source.src}
            controls
            preload="metadata"
            playsInline
            onLoadedData={() => setLoaded(true)}
            onError={(event) => {
              // The file could not be read (a failing <source> reports to its own handler too).
              if (event.target !== event.currentTarget) return;
              setLoaded(false);
              setAttempt((index) => index + 1);
            }}
          >
            <source src={source.src} type={source.type} onError={() => setAttempt((index) => index + 1)} />
            <p>{videoMessages.unsupported}</p>
          </video>
        )}
        {status === 'loading' && (
          <p className="video-loading" role="status">
            {videoMessages.loading}
          </p>
        )}
        {status === 'error' && (
          <div className="video-error">
            <p>{videoMessages.error}</p>
            <p>
              The comparison is also a table: <Link to="/plans-and-pricing#compare">compare every plan’s features</Link>.
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
