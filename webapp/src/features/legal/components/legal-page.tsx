import type { ReactNode } from 'react';
import { PageMeta } from '../../../components/page-meta';
import '../legal.css';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  description: string;
  /** The canonical path. */
  path: string;
  /** When the text last changed, as YYYY-MM-DD. */
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function longDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** A policy page: its title, when it last changed, a list of contents and numbered sections (h2). */
export function LegalPage({ title, description, path, updated, intro, sections }: LegalPageProps) {
  return (
    <>
      <PageMeta title={title} description={description} path={path} />
      <section className="page-hero compact">
        <div className="container">
          <h1>{title}</h1>
          <p className="lead">
            Last updated <time dateTime={updated}>{longDate(updated)}</time>
          </p>
        </div>
      </section>
      <div className="container page-body legal-page">
        <div className="legal-intro">{intro}</div>
        <nav className="legal-contents" aria-label="Contents">
          <p className="legal-contents-title">Contents</p>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} className="legal-section" aria-labelledby={`${section.id}-heading`}>
            <h2 id={`${section.id}-heading`}>
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </div>
    </>
  );
}
