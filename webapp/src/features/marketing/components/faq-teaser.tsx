import { Link } from 'react-router-dom';
import { FaqList } from '../../../components/faq-list';

const items = [
  { question: 'What do I need to get started?', answer: 'A broadband connection and a phone, laptop or desk phone. Each call needs only about 100kbps.' },
  { question: 'Can I keep my current number?', answer: 'Yes. Porting is free and usually takes 2-3 business days.' },
  { question: 'Am I tied into a contract?', answer: 'No. Cancel any time with one month’s notice, and there is a 30-day money-back guarantee.' },
  { question: 'What happens in the 2027 landline switch-off?', answer: 'Nothing for our customers: our service already runs over the internet.' },
];

export function FaqTeaser() {
  return (
    <section className="section" aria-labelledby="home-faq-heading">
      <h2 id="home-faq-heading">Questions, answered</h2>
      <FaqList items={items} />
      <p className="faq-teaser-more">
        <Link to="/faq">See all frequently asked questions</Link>
      </p>
    </section>
  );
}
