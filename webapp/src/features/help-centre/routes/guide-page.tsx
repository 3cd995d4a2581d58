import { Link, useParams } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { siteConfig } from '../../../config/site';
import { GuideBody } from '../components/guide-player';
import { guidePath } from '../guide-ids';
import { videoGuides } from '../video-guides';
import '../help-centre.css';

/** /support/guides/{id}: one written set-up guide on its own page (HowTo structured data). */
export function GuidePage() {
  const { slug = '' } = useParams();
  const guide = videoGuides.find((candidate) => candidate.id === slug);
  if (!guide) {
    return (
      <div className="container page-body">
        <PageMeta title="Guide not found" description="That set-up guide does not exist." path={`/support/guides/${slug}`} noIndex />
        <h1>We could not find that guide</h1>
        <p>
          It may have moved. Every set-up guide is listed on the <Link to="/support">support page</Link>.
        </p>
      </div>
    );
  }
  const others = videoGuides.filter((candidate) => candidate.id !== guide.id);
  return (
    <div className="container page-body guide-page">
      <PageMeta
        title={guide.title}
        description={guide.description}
        path={guidePath(guide.id)}
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'HowTo',
          name: guide.title,
          description: guide.description,
          step: guide.steps.map((step, index) => ({ '@type': 'HowToStep', position: index + 1, name: step.title, text: step.text })),
        }}
      />
      <p>
        <Link to="/support">← All support guides</Link>
      </p>
      <h1>{guide.title}</h1>
      <p className="lead">{guide.description}</p>
      <p className="muted">
        Our server: {siteConfig.sipServer.domain}, port {siteConfig.sipServer.port}, {siteConfig.sipServer.transport}.
      </p>
      <GuideBody guide={guide} troubleshootingHeading="h2" />
      <section aria-labelledby="other-guides-heading">
        <h2 id="other-guides-heading">Other set-up guides</h2>
        <ul>
          {others.map((other) => (
            <li key={other.id}>
              <Link to={guidePath(other.id)}>{other.title}</Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
