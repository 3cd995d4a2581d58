import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { guidePath } from '../guide-ids';
import type { VideoGuide } from '../video-guides';
import { GuideDiagram } from './guide-diagram';

/** A guide's diagram, numbered steps with the settings to type, and what to check when it does not work. */
export function GuideBody({ guide, troubleshootingHeading: Heading = 'h4' }: { guide: VideoGuide; troubleshootingHeading?: 'h2' | 'h4' }) {
  return (
    <>
      <GuideDiagram kind={guide.diagram} />
      <ol className="guide-steps">
        {guide.steps.map((step) => (
          <li key={step.title}>
            <p className="guide-step-title">{step.title}</p>
            <p>{step.text}</p>
            {step.settings && (
              <dl className="guide-settings">
                {step.settings.map((setting) => (
                  <div key={setting.label}>
                    <dt>{setting.label}</dt>
                    <dd>
                      <code>{setting.value}</code>
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        ))}
      </ol>
      <div className="notice guide-troubleshooting">
        <Heading>If it does not work</Heading>
        <ul>
          {guide.troubleshooting.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </div>
    </>
  );
}

/**
 * One guide in the page: its video when the guide has a file (none has yet, so there is no empty
 * player), the diagram, the numbered steps with the settings to type, and what to check when it
 * does not work. Focus moves to its heading when it opens.
 */
export function GuidePlayer({ guide, onBack }: { guide: VideoGuide; onBack: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [guide.id]);

  return (
    <article className="guide-player" aria-labelledby={`guide-${guide.id}-title`}>
      <button type="button" className="button button-secondary guide-back" onClick={onBack}>
        ← Back to Videos
      </button>
      <h3 id={`guide-${guide.id}-title`} ref={headingRef} tabIndex={-1}>
        {guide.title}
      </h3>
      <p>{guide.description}</p>
      {guide.video && (
        <video className="guide-video" controls preload="metadata" playsInline src={guide.video}>
          <p>Your browser does not support HTML5 video.</p>
        </video>
      )}
      <GuideBody guide={guide} />
      <p>
        <Link to={guidePath(guide.id)}>Open this guide on its own page</Link> to print it or send it to a colleague.
      </p>
    </article>
  );
}
