import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './forms.css';

/** Where the SIP settings and phone guides are. */
const SETUP_GUIDE_PATH = '/support';

/** Phone Setup Information: the SIP address (its value is in the e-mail, not on the page) and the setup guide. */
export function PhoneSetupInfo({ children }: { children?: ReactNode }) {
  return (
    <section className="panel" aria-labelledby="phone-setup-heading">
      <h2 id="phone-setup-heading">Phone Setup Information</h2>
      <dl className="detail-list">
        <dt>SIP Server Address</dt>
        <dd>Included in your confirmation email and your dashboard</dd>
      </dl>
      {children}
      <Link to={SETUP_GUIDE_PATH}>View the setup guide</Link>
    </section>
  );
}
