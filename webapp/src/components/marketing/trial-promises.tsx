import { Link } from 'react-router-dom';

const promises = [
  { title: '7-day free trial', text: 'One number, one extension and 50 minutes. No card needed.' },
  { title: 'No contracts', text: 'Cancel any time with one month’s notice.' },
  { title: 'Free setup and porting', text: 'Bring your numbers across in 2-3 business days at no cost.' },
  { title: '30-day money-back guarantee', text: 'Not happy in the first 30 days? Get your money back.' },
];

export function TrialPromises() {
  return (
    <section className="section trial-promises" aria-labelledby="trial-promises-heading">
      <h2 id="trial-promises-heading">Try it free for 7 days</h2>
      <ul className="promise-list">
        {promises.map((promise) => (
          <li key={promise.title}>
            <strong>{promise.title}</strong>
            <span>{promise.text}</span>
          </li>
        ))}
      </ul>
      <Link to="/free-trial-numbers" className="button button-primary">
        Start 7 days trial
      </Link>
    </section>
  );
}
