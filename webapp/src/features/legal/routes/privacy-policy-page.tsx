import { Link } from 'react-router-dom';
import { siteConfig } from '../../../config/site';
import { CompanyContact } from '../components/company-contact';
import { LegalPage, type LegalSection } from '../components/legal-page';

const product = siteConfig.productName;

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          {product} provides hosted phone systems, phone numbers and desk phones to businesses and households in the UK. For the
          personal data described here we are the controller under the UK General Data Protection Regulation (UK GDPR) and the
          Data Protection Act 2018. You can reach us about anything in this policy at:
        </p>
        <CompanyContact />
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <>
        <h3>When you order or start a free trial</h3>
        <ul>
          <li>Your name, company name, e-mail address, phone number and billing address.</li>
          <li>The phone numbers you choose or bring to us, and the address we register for emergency (999) calls.</li>
          <li>Your account password, which we keep only as a one-way hash: we cannot read it.</li>
          <li>The link we e-mail to confirm a free trial’s e-mail address, which we keep only as a one-way hash.</li>
          <li>
            Your extensions’ SIP passwords, shown to you once and then kept only as a digest the phone system checks against.
          </li>
          <li>
            For a free trial, the link we e-mail you to confirm your address: we keep only a one-way hash of its code, and when
            you followed it. A trial whose address is not confirmed within 24 hours ends and its number goes to someone else.
          </li>
        </ul>
        <h3>When you pay</h3>
        <p>
          Card details are typed into a card field provided by our payment processor, Stripe, and go straight to Stripe. We never
          see or store your card number; we keep Stripe’s references to your payments and subscription and whether each payment
          succeeded.
        </p>
        <h3>When you use the service</h3>
        <ul>
          <li>Call records: which number called which, when and for how long. We need them to connect, bill and support your calls.</li>
          <li>Voicemails, and call recordings if you switch recording on. You control these in your dashboard.</li>
        </ul>
        <h3>When you contact us</h3>
        <p>
          What you write to us by e-mail, through the support request form or the contact form (both open your own e-mail program,
          so the message reaches us as an e-mail), and notes of phone calls with our team.
        </p>
        <h3>When you visit this website</h3>
        <p>
          We count page views ourselves, without cookies. For each view we record the page, the website that linked to it (its name
          only, not the full address), a rough screen size (phone, tablet or desktop) and any campaign tags in the link. We do not
          store your IP address or your browser’s details. To count unique visitors we keep a one-way hash made from your
          connection details and a random value that changes every day and is then deleted, so the hash cannot be traced back to
          you or linked from one day to the next. We keep page views for 13 months; after that we keep only daily totals of views
          and visitors for each page. If your browser sends a Do Not Track or Global Privacy Control signal, we do not
          count your visit at all.
        </p>
      </>
    ),
  },
  {
    id: 'why-and-lawful-basis',
    title: 'Why we use it, and our lawful basis',
    body: (
      <table className="legal-table">
        <thead>
          <tr>
            <th scope="col">What we do</th>
            <th scope="col">Lawful basis</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Set up and run the service you ordered: your account, numbers, extensions and calls</td>
            <td>Contract</td>
          </tr>
          <tr>
            <td>Take payments, send invoices and keep accounting records</td>
            <td>Contract; legal obligation (tax law)</td>
          </tr>
          <tr>
            <td>Pass your location to the emergency services when you call 999</td>
            <td>Legal obligation</td>
          </tr>
          <tr>
            <td>Move numbers to or from another provider at your request</td>
            <td>Contract</td>
          </tr>
          <tr>
            <td>Send service e-mails: confirmations, changes to your service, notices about your account</td>
            <td>Contract</td>
          </tr>
          <tr>
            <td>Answer your questions and fix faults</td>
            <td>Contract; legitimate interests (helping people who are not yet customers)</td>
          </tr>
          <tr>
            <td>Keep the service secure: limit repeated sign-in attempts, prevent fraud and misuse</td>
            <td>Legitimate interests</td>
          </tr>
          <tr>
            <td>Count page views to learn which pages help people, without identifying anyone</td>
            <td>Legitimate interests</td>
          </tr>
          <tr>
            <td>Send the newsletter you asked for</td>
            <td>Consent (withdraw it at any time)</td>
          </tr>
        </tbody>
      </table>
    ),
  },
  {
    id: 'how-long',
    title: 'How long we keep it',
    body: (
      <table className="legal-table">
        <thead>
          <tr>
            <th scope="col">Data</th>
            <th scope="col">Kept for</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Account, order and payment records, invoices, and the e-mails we send you about them</td>
            <td>While you are a customer, then six years (what tax law requires)</td>
          </tr>
          <tr>
            <td>Call records</td>
            <td>Twelve months, longer only while a billing question about them is open</td>
          </tr>
          <tr>
            <td>Voicemails and call recordings</td>
            <td>Until you delete them; any left are deleted three months after your account closes</td>
          </tr>
          <tr>
            <td>A free trial that did not become an order</td>
            <td>Six months after the trial ends</td>
          </tr>
          <tr>
            <td>Messages to our team, including quote requests sent from this site</td>
            <td>Two years after your last contact with us</td>
          </tr>
          <tr>
            <td>Page views (which hold nothing that identifies you)</td>
            <td>
              Thirteen months, then only daily totals of views and visitors for each page; the daily value behind the visitor hash
              is deleted at the end of each day
            </td>
          </tr>
          <tr>
            <td>Postcodes typed to look up an address (with the addresses found, but not who asked)</td>
            <td>One day</td>
          </tr>
          <tr>
            <td>The internet (IP) address a basket held phone numbers from, so one person cannot hold too many</td>
            <td>One day, then deleted in our nightly clean-up</td>
          </tr>
          <tr>
            <td>
              Counts of repeated attempts (sign-ins, passwords, trial sign-ups, card checks), kept against a one-way hash of the e-mail
              or IP address, never the address itself
            </td>
            <td>Two hours, then deleted in our nightly clean-up</td>
          </tr>
          <tr>
            <td>Where your phones are registered to our service (their IP address and phone software)</td>
            <td>While they are registered: at most an hour after a phone last checked in</td>
          </tr>
          <tr>
            <td>Newsletter subscription</td>
            <td>Until you unsubscribe</td>
          </tr>
        </tbody>
      </table>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We never sell personal data. We share it only with:</p>
        <ul>
          <li>Stripe, which processes card payments.</li>
          <li>The companies that host our systems and deliver our e-mails, under contracts that let them use the data only for us.</li>
          <li>An address-lookup service, which receives only the postcode you type, to suggest your address.</li>
          <li>Google, only if you choose to sign up with your Google account.</li>
          <li>Other phone providers, when you ask us to move a number to or from them.</li>
          <li>The emergency services, when you call 999.</li>
          <li>The police and other authorities, when the law requires us to and only as far as it requires.</li>
        </ul>
        <p>
          Where one of these handles data outside the UK, we rely on the UK’s adequacy regulations or the safeguards the
          Information Commissioner’s Office approves, such as the International Data Transfer Agreement.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under UK data protection law you can ask us to:</p>
        <ul>
          <li>give you a copy of the personal data we hold about you (access);</li>
          <li>correct anything that is wrong or incomplete;</li>
          <li>delete your data where we no longer need it or have no other lawful basis to keep it;</li>
          <li>restrict how we use it while a question about it is settled;</li>
          <li>stop using it where we rely on legitimate interests, or for marketing at any time (object);</li>
          <li>send the data you gave us to you or another company in a common electronic format (portability);</li>
          <li>stop sending the newsletter (withdraw consent).</li>
        </ul>
        <p>
          To use any of these rights, e-mail <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a> or write
          to us at the address above. We may ask you to confirm who you are. We reply within one month, and there is normally no
          charge.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and browser storage',
    body: (
      <>
        <p>
          We set no cookies for analytics or marketing, and we do not use advertising or tracking services. This site keeps only
          what it needs to work:
        </p>
        <ul>
          <li>your basket’s reference, in your browser’s local storage, so your basket is still there when you come back;</li>
          <li>the number you picked for a free trial, in local storage, until the trial sign-up is finished;</li>
          <li>a reference to your order, in session storage, while you complete the checkout (it goes when you close the tab);</li>
          <li>a sign-in cookie for our own staff, on the staff pages only.</li>
        </ul>
        <p>
          On the checkout pages, Stripe’s card field may set its own cookies to prevent fraud; Stripe’s privacy policy explains
          them. As described above, page views are counted without any cookie, and Do Not Track and Global Privacy Control are
          honoured.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        Everything between your browser and our site is encrypted. Passwords are stored only as strong one-way hashes, SIP passwords
        only as digests, and card numbers never reach us. Only the staff who need personal data to do their job can see it, and
        their access is recorded.
      </p>
    ),
  },
  {
    id: 'complaints',
    title: 'Complaints',
    body: (
      <>
        <p>
          If you are unhappy with how we handle your data, please tell us first and we will try to put it right. You also have the
          right to complain to the Information Commissioner’s Office (ICO), the UK’s data protection regulator:
        </p>
        <address>
          Information Commissioner’s Office
          <br />
          Wycliffe House, Water Lane, Wilmslow, Cheshire SK9 5AF
          <br />
          Helpline: 0303 123 1113
          <br />
          Online: <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk/make-a-complaint</a>
        </address>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When we change this policy we update the date at the top of the page. If a change affects how we use data you have already
        given us, we e-mail customers before it takes effect. Our <Link to="/general-terms-and-conditions">terms and conditions</Link>{' '}
        and <Link to="/refund-policy">refund policy</Link> are on their own pages.
      </p>
    ),
  },
];

/** /privacy-policy: UK GDPR notice (what, why, lawful basis, how long, sharing, rights, cookies, the ICO). */
export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      description={`How ${product} collects, uses and protects personal data under UK GDPR: what we keep, why, for how long, who we share it with, your rights and how to complain to the ICO.`}
      path="/privacy-policy"
      updated="2026-11-26"
      intro={
        <p>
          This policy explains what personal data {product} collects when you visit this site, order from us or use our service,
          what we do with it and the choices you have. In short: we collect what we need to run your phone service, we never sell
          it, and we count visits to this site without cookies and without storing anything that identifies you.
        </p>
      }
      sections={sections}
    />
  );
}
