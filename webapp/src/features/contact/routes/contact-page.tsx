import { Link } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { siteConfig } from '../../../config/site';
import { ContactForm } from '../components/contact-form';
import { OfficeMap } from '../components/office-map';
import '../../../components/forms.css';
import '../contact.css';

const { office, officeHours } = siteConfig;

/** /contact: the office, phone, hours, e-mail, social profiles, a message form and a drawn map. */
export function ContactPage() {
  return (
    <>
      <PageMeta
        title="Contact us: phone, e-mail and our London office"
        description={`Call ${siteConfig.productName} on ${siteConfig.salesPhoneDisplay}, ${officeHours.shortDays} ${officeHours.opens}–${officeHours.closes}, e-mail us or send a message. Our office is in ${office.locality}.`}
        path="/contact"
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'ContactPage',
          name: `Contact ${siteConfig.productName}`,
          url: `${siteConfig.siteUrl}/contact`,
          mainEntity: {
            '@type': 'LocalBusiness',
            name: siteConfig.productName,
            url: siteConfig.siteUrl,
            telephone: siteConfig.salesPhoneDisplay,
            email: siteConfig.salesEmail,
            address: {
              '@type': 'PostalAddress',
              streetAddress: office.streetAddress,
              addressLocality: office.locality,
              postalCode: office.postalCode,
              addressCountry: office.countryCode,
            },
            openingHoursSpecification: {
              '@type': 'OpeningHoursSpecification',
              dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
              opens: officeHours.opens,
              closes: officeHours.closes,
            },
            sameAs: siteConfig.socialProfiles.map((profile) => profile.url),
          },
        }}
      />
      <section className="page-hero compact">
        <div className="container">
          <h1>Contact us</h1>
          <p className="lead">Questions about plans, numbers or moving your phones over? Talk to our UK team.</p>
        </div>
      </section>
      <div className="container page-body contact-layout">
        <div className="contact-details">
          <section aria-labelledby="contact-office-heading">
            <h2 id="contact-office-heading">Our office</h2>
            <address>
              {siteConfig.productName}
              <br />
              {office.streetAddress}
              <br />
              {office.locality} {office.postalCode}
              <br />
              {office.country}
            </address>
          </section>
          <section aria-labelledby="contact-phone-heading">
            <h2 id="contact-phone-heading">Call us</h2>
            <p>
              <a href={siteConfig.salesPhoneHref} className="contact-phone">
                {siteConfig.salesPhoneDisplay}
              </a>
            </p>
            <p>
              Opening hours: {officeHours.shortDays} {officeHours.opens}–{officeHours.closes} (UK time). Support answers the phone{' '}
              {officeHours.days}, {siteConfig.supportPhoneHours}.
            </p>
          </section>
          <section aria-labelledby="contact-email-heading">
            <h2 id="contact-email-heading">E-mail us</h2>
            <p>
              Sales and general questions: <a href={`mailto:${siteConfig.salesEmail}`}>{siteConfig.salesEmail}</a>
              <br />
              Help with your service: <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a> or the{' '}
              <Link to="/support">support page</Link>
            </p>
          </section>
          <section aria-labelledby="contact-social-heading">
            <h2 id="contact-social-heading">Follow us</h2>
            <ul className="contact-social">
              {siteConfig.socialProfiles.map((profile) => (
                <li key={profile.name}>
                  <a href={profile.url} target="_blank" rel="noopener noreferrer">
                    {profile.name}{' '}
                    <span className="visually-hidden">(opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <div className="contact-form-panel panel">
          <ContactForm />
        </div>
        <section className="contact-map" aria-labelledby="contact-map-heading">
          <h2 id="contact-map-heading">Find us</h2>
          <OfficeMap />
        </section>
      </div>
    </>
  );
}
