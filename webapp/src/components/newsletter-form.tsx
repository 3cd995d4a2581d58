import { useId, useState, type FormEvent } from 'react';
import { siteConfig } from '../config/site';
import { openExternal } from '../lib/full-page-load';

/**
 * Newsletter sign-up (the footer's, and the blog's): opens the visitor's mail client, no server
 * call. `name` tells two of them on one page apart.
 */
export function NewsletterForm({ name = 'Newsletter' }: { name?: string }) {
  const inputId = useId();
  const [email, setEmail] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      window.alert('Please enter your email address');
      return;
    }
    const subject = encodeURIComponent(siteConfig.newsletterSubject);
    const body = encodeURIComponent(`Please subscribe ${address} to the newsletter.`);
    openExternal(`mailto:${siteConfig.salesEmail}?subject=${subject}&body=${body}`);
  };

  return (
    <form className="newsletter-form" noValidate onSubmit={onSubmit} aria-label={name}>
      <label htmlFor={inputId}>Get tips and offers by email</label>
      <div className="newsletter-row">
        <input
          id={inputId}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="you@company.co.uk"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="button button-primary">
          Subscribe
        </button>
      </div>
    </form>
  );
}
