import { Link } from 'react-router-dom';
import { TRIAL_DAYS, TRIAL_MINUTES } from '../../config/trial';

const promises = [
  { title: `${TRIAL_DAYS}-day free trial`, text: `One number, one extension and ${TRIAL_MINUTES} minutes. No card needed.` },
  { title: 'No contracts', text: 'Cancel any time with one month’s notice.' },
  { title: 'Free setup and porting', text: 'Bring your numbers across in 2-3 business days at no cost.' },
  { title: '30-day money-back guarantee', text: 'Not happy in the first 30 days? Get your money back.' },
];

export function TrialPromises() {
  return (
    <section className="section trial-promises" aria-labelledby="trial-promises-heading">
      <h2 id="trial-promises-heading">Try it free for {TRIAL_DAYS} days</h2>
      <ul className="promise-list">
        {promises.map((promise) => (
          <li key={promise.title}>
            <strong>{promise.title}</strong>
            <span>{promise.text}</span>
          </li>
        ))}
      </ul>
      <Link to="/free-trial-numbers" className="button button-primary">
        Start {TRIAL_DAYS} days trial
      </Link>
    </section>
  );
}
