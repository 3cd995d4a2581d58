import { Link } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { siteConfig } from '../../../config/site';
import { SupportRequest } from '../components/support-request';
import { VideoGuidesSection } from '../components/video-guides-section';
import '../../../components/forms.css';
import '../help-centre.css';

const product = siteConfig.productName;
const phoneHours = `${siteConfig.officeHours.days}, ${siteConfig.supportPhoneHours}`;

const weSupport = [
  { title: 'Getting set up', text: 'Installing the apps, registering desk phones and headsets, and checking your office network is ready for calls.' },
  { title: 'Your numbers', text: 'Porting numbers in from your old provider, adding new local, 03, 0800 and mobile numbers, and what each caller sees.' },
  { title: 'Call routing', text: 'Ring groups, queues, opening hours, the “press 1 for sales” menu, forwarding to mobiles and voicemail to e-mail.' },
  { title: 'Call quality', text: 'Echo, choppy audio, one-way audio or dropped calls: we read the call records with you and find the cause.' },
  { title: 'Desk phones', text: 'Phones bought from us arrive ready to use; we also help with most SIP phones you already own.' },
  { title: 'Your account', text: 'Adding users and features, bills and VAT receipts, changing the card that pays, and cancelling.' },
];

const commitments = [
  { title: 'A person, not a script', text: `You speak to our own UK team, who can see your ${product} set-up and change it while you are on the line.` },
  { title: 'A reply by the next working day', text: 'Every e-mail and support request gets a reply from a person by the end of the next working day; most the same day.' },
  { title: 'We own the problem', text: 'If the fault is with your broadband or an old phone, we still help you find it and tell you exactly what to ask for.' },
  { title: 'Plain English', text: 'No jargon, and a written note of what we changed, so the next person in your office knows too.' },
];

const beforeContacting = [
  'Restart the phone or app, and the router if several phones are affected: it clears most one-off faults.',
  'Check your broadband works on a computer in the same place; calls need a steady connection more than a fast one.',
  'Note the extension, the number you called or that called you, and the time: we find the call in seconds with these.',
  'For a desk phone, note its make and model (on a label underneath) and whether its screen shows an error.',
  'Have your order number or the e-mail address on your account to hand, so we can check it is you.',
];

/** /support: the video guides, the Request Support form and how we help. */
export function HelpCentrePage() {
  return (
    <>
      <PageMeta
        title="Support: set-up guides and help from our UK team"
        description={`Set up ${product} on Windows, Mac, Android and iPhone with step-by-step guides, tour the dashboard, or ask our UK support team for help.`}
        path="/support"
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'WebPage',
          name: `${product} support`,
          url: `${siteConfig.siteUrl}/support`,
          mainEntity: {
            '@type': 'Organization',
            name: product,
            contactPoint: [
              { '@type': 'ContactPoint', contactType: 'technical support', email: siteConfig.supportEmail, telephone: siteConfig.salesPhoneDisplay, areaServed: 'GB', availableLanguage: 'English' },
            ],
          },
        }}
      />
      <section className="page-hero compact help-centre-hero">
        <div className="container">
          <h1>Support Centre</h1>
          <p className="lead">
            Set-up guides for every app and phone, and a UK team on {siteConfig.salesPhoneDisplay} ({phoneHours}) when you would rather ask.
          </p>
          <SupportRequest />
        </div>
      </section>
      <div className="container">
        <VideoGuidesSection />

        <section className="section" aria-labelledby="help-centre-channels-heading">
          <h2 id="help-centre-channels-heading">Our Support Channels</h2>
          <ul className="help-centre-channels">
            <li className="card">
              <h3>Phone</h3>
              <p>
                <a href={siteConfig.salesPhoneHref}>{siteConfig.salesPhoneDisplay}</a>
              </p>
              <p>{phoneHours}. The quickest way to fix a fault while it is happening.</p>
            </li>
            <li className="card">
              <h3>E-mail</h3>
              <p>
                <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a>
              </p>
              <p>Send screenshots or describe the problem in your own time; a person replies by the next working day.</p>
            </li>
            <li className="card">
              <h3>Support request</h3>
              <p>Fill in the short form and your e-mail program opens with everything we need to start.</p>
              <SupportRequest buttonLabel="Open the support form" />
            </li>
            <li className="card">
              <h3>Guides and answers</h3>
              <p>
                The video guides above, and answers to common questions on the <Link to="/faq">FAQ page</Link>.
              </p>
            </li>
          </ul>
        </section>

        <section className="section" aria-labelledby="we-support-heading">
          <h2 id="we-support-heading">What We Support</h2>
          <ul className="help-centre-grid">
            {weSupport.map((item) => (
              <li key={item.title}>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="section" aria-labelledby="commitment-heading">
          <h2 id="commitment-heading">Our Commitment to You</h2>
          <ul className="help-centre-grid">
            {commitments.map((item) => (
              <li key={item.title}>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="section" aria-labelledby="before-contacting-heading">
          <h2 id="before-contacting-heading">Before Contacting Support</h2>
          <p>Five things that make a fault quicker to fix:</p>
          <ol className="help-centre-checklist">
            {beforeContacting.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ol>
        </section>

        <section className="section help-centre-cta" aria-labelledby="help-centre-cta-heading">
          <h2 id="help-centre-cta-heading">Still stuck? Talk to us</h2>
          <p>
            Call <a href={siteConfig.salesPhoneHref}>{siteConfig.salesPhoneDisplay}</a> ({phoneHours}) or send us your question, and we
            will work through it with you.
          </p>
          <div className="help-centre-cta-actions">
            <SupportRequest buttonLabel="Request Support now" />
            <Link to="/contact" className="button button-secondary">
              Contact us
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
