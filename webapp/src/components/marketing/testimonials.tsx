import { useEffect, useId, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useReducedMotion } from '../../lib/use-reduced-motion';
import './testimonials.css';

interface Testimonial {
  name: string;
  company: string;
  text: string;
  /** Out of 5. */
  stars: number;
}

export const testimonials: readonly Testimonial[] = [
  {
    name: 'Priya Shah',
    company: 'Shah & Co Accountants, Leicester',
    text: 'We moved six lines across in an afternoon and kept every number. Calls are clearer than our old ISDN ever was, and the auto-attendant sends tax questions straight to the right partner.',
    stars: 5,
  },
  {
    name: 'Tom Davies',
    company: 'Davies Plumbing, Cardiff',
    text: 'The mobile app means I never miss a job while I am under a sink. The office number rings my phone and my van partner’s at once, and setup took ten minutes.',
    stars: 5,
  },
  {
    name: 'Helen Murray',
    company: 'Murray Consulting, Glasgow',
    text: 'No contract, honest pricing and a UK support team that actually answers the phone. Voicemails arrive in my inbox, so I can reply between client meetings.',
    stars: 5,
  },
  {
    name: 'Marcus Okafor',
    company: 'Okafor Dental Practice, Manchester',
    text: 'Our receptionists finally have call queues and hold music, and patients no longer hear an engaged tone on Monday mornings. The desk phones arrived set up and ready to plug in.',
    stars: 4,
  },
];

/** The featured testimonial moves on after this long (docs/product-rules.md#help-and-information-pages). */
export const ROTATE_MS = 6000;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

function Stars({ count }: { count: number }) {
  return (
    <p className="stars">
      <span role="img" aria-label={`${count} out of 5 stars`}>
        {'★'.repeat(count)}
        <span className="stars-empty">{'★'.repeat(5 - count)}</span>
      </span>
    </p>
  );
}

/**
 * Customer testimonials: one featured, the others as thumbnails that select it. The featured one
 * moves on every 6 seconds and wraps round; it stays put while the pointer is over the block,
 * while focus is inside it, after Pause, and (until Play) when the visitor prefers reduced motion.
 */
export function Testimonials({ headingId = 'testimonials-heading' }: { headingId?: string }) {
  const id = useId();
  const reducedMotion = useReducedMotion();
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  /** The visitor's own choice from the Pause/Play button; until then, motion follows their setting. */
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const playing = playChoice ?? !reducedMotion;
  const advancing = playing && !hovered && !focused;

  useEffect(() => {
    if (!advancing) return;
    const timer = window.setTimeout(() => setActive((index) => (index + 1) % testimonials.length), ROTATE_MS);
    return () => window.clearTimeout(timer);
  }, [advancing, active]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = testimonials.length - 1;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? (active + 1) % testimonials.length
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? (active + last) % testimonials.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  const featured = testimonials[active];
  return (
    <section className="section testimonials" aria-labelledby={headingId}>
      <h2 id={headingId}>Rated 4.8 out of 5 by UK businesses</h2>
      <p>More than 2,000 UK businesses run their calls on us. Here are four of them.</p>
      <div
        className="testimonials-carousel"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={onBlur}
      >
        <div
          role="tabpanel"
          id={`${id}-panel`}
          aria-labelledby={`${id}-tab-${active}`}
          aria-live={advancing ? 'off' : 'polite'}
          className="testimonial-featured card"
        >
          <figure>
            <Stars count={featured.stars} />
            <blockquote>
              <p>{featured.text}</p>
            </blockquote>
            <figcaption>
              <span className="avatar avatar-large" aria-hidden="true" data-tone={active}>
                {initials(featured.name)}
              </span>
              <span>
                <strong>{featured.name}</strong>
                <br />
                {featured.company}
              </span>
            </figcaption>
          </figure>
        </div>
        <div className="testimonial-controls">
          <div role="tablist" aria-label="Choose a testimonial" className="testimonial-thumbs" onKeyDown={onTabKey}>
            {testimonials.map((testimonial, index) => (
              <button
                key={testimonial.name}
                type="button"
                role="tab"
                id={`${id}-tab-${index}`}
                aria-selected={index === active}
                aria-controls={`${id}-panel`}
                tabIndex={index === active ? 0 : -1}
                className="testimonial-thumb"
                onClick={() => setActive(index)}
              >
                <span className="avatar" aria-hidden="true" data-tone={index}>
                  {initials(testimonial.name)}
                </span>
                <span className="testimonial-thumb-text">
                  <span className="testimonial-thumb-name">{testimonial.name}</span>
                  <span className="testimonial-thumb-company">{testimonial.company}</span>
                </span>
              </button>
            ))}
          </div>
          <button type="button" className="button button-secondary testimonial-play" onClick={() => setPlayChoice(!playing)}>
            {playing ? 'Pause testimonials' : 'Play testimonials'}
          </button>
        </div>
      </div>
    </section>
  );
}
