import { useState } from 'react';

interface ImageGalleryProps {
  images: string[];
  /** The product's name, for the images' text. */
  name: string;
}

/**
 * The product's images: previous / next (wrapping), thumbnails and a counter. An image that
 * fails to load is dropped; with none left a placeholder shows.
 */
export function ImageGallery({ images, name }: ImageGalleryProps) {
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const [index, setIndex] = useState(0);
  const shown = images.filter((url) => !failed.has(url));
  const drop = (url: string) => setFailed((previous) => new Set(previous).add(url));

  if (shown.length === 0) {
    return (
      <div className="gallery">
        <div className="gallery-placeholder" role="img" aria-label={`No image of ${name}`}>
          <span aria-hidden="true">☎</span>
        </div>
      </div>
    );
  }

  const count = shown.length;
  const current = Math.min(index, count - 1);
  const url = shown[current];
  return (
    <div className="gallery" role="group" aria-label={`${name} images`}>
      <div className="gallery-stage">
        <img
          key={url}
          className="gallery-image"
          src={url}
          alt={count > 1 ? `${name}, image ${current + 1} of ${count}` : name}
          loading="lazy"
          onError={() => drop(url)}
        />
        {count > 1 && (
          <>
            <button type="button" className="gallery-nav gallery-prev" aria-label="Previous image" onClick={() => setIndex((current - 1 + count) % count)}>
              ‹
            </button>
            <button type="button" className="gallery-nav gallery-next" aria-label="Next image" onClick={() => setIndex((current + 1) % count)}>
              ›
            </button>
            <p className="gallery-counter">
              {current + 1} / {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="gallery-thumbs" aria-label={`${name} thumbnails`}>
          {shown.map((thumb, position) => (
            <li key={thumb}>
              <button
                type="button"
                className={`gallery-thumb${position === current ? ' is-active' : ''}`}
                aria-label={`Show image ${position + 1}`}
                aria-pressed={position === current}
                onClick={() => setIndex(position)}
              >
                <img src={thumb} alt="" loading="lazy" onError={() => drop(thumb)} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
