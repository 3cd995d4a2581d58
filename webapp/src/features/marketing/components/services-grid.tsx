import { Link } from 'react-router-dom';
import { UsefulTools } from './useful-tools';

const services = [
  { title: 'Business phone system', text: 'A complete cloud phone system with extensions, routing and voicemail to email.', to: '/business-phone-system' },
  { title: 'Residential VoIP', text: 'Keep your home number and make clear calls over the broadband you already have.', to: '/residential-voip' },
  { title: 'UK phone numbers', text: 'Local, national and freephone numbers in minutes, or port your own for free.', to: '/all-phone-numbers' },
  { title: 'Cloud PBX', text: 'Replace the box in the cupboard. Pay up to 90% less than a traditional PBX.', to: '/pbx-phone-system' },
  { title: 'Answering services', text: 'A professional greeting, a menu and out-of-hours messages answer every call, even when you cannot.', to: '/answering-services' },
  { title: 'Business broadband', text: 'Fibre broadband and leased lines from 100Mbps to 10Gbps, built for voice.', to: '/business-broadband-page' },
];

export function ServicesGrid() {
  return (
    <section className="section" aria-labelledby="services-heading">
      <h2 id="services-heading">Everything your business needs to stay connected</h2>
      <div className="card-grid services-grid">
        {services.map((service) => (
          <article key={service.title} className="card service-card">
            <h3>{service.title}</h3>
            <p>{service.text}</p>
            <Link to={service.to} aria-label={`Learn more about ${service.title.toLowerCase()}`}>
              Learn more →
            </Link>
          </article>
        ))}
      </div>
      <UsefulTools />
    </section>
  );
}
