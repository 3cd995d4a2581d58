import { Link } from 'react-router-dom';
import { siteConfig } from '../../../config/site';
import { CompanyContact } from '../components/company-contact';
import { LegalPage, type LegalSection } from '../components/legal-page';

const product = siteConfig.productName;

/** The page's one address; /terms shows the same page. */
const TERMS_PATH = '/general-terms-and-conditions';

const sections: LegalSection[] = [
  {
    id: 'about-these-terms',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms apply to everything you order from {product} (“we”, “us”) through this website or our team: phone services,
          phone numbers, add-ons and desk phones. By placing an order you agree to them. Our{' '}
          <Link to="/refund-policy">refund policy</Link> and <Link to="/privacy-policy">privacy policy</Link> form part of them.
        </p>
        <p>
          Most of our customers are businesses. If you order as a consumer, you also have rights under UK consumer law, and nothing
          in these terms takes them away.
        </p>
      </>
    ),
  },
  {
    id: 'our-services',
    title: 'Our services',
    body: (
      <>
        <p>
          We provide a hosted phone system that carries calls over your internet connection, with the numbers, extensions, features
          and apps of the plan you choose, and desk phones to use with it. We aim for the service to be available 99.9% of the time
          and do planned maintenance outside office hours where we can, telling you in advance when it may affect calls.
        </p>
        <p>
          Calls to 999 and 112 work on our service. Because calls travel over the internet, they depend on your broadband and your
          power: if either fails, so may your phones, so keep another way to call the emergency services, such as a mobile. Emergency
          services see the address registered for each number, so it must be kept up to date.
        </p>
      </>
    ),
  },
  {
    id: 'your-responsibilities',
    title: 'Your responsibilities',
    body: (
      <ul>
        <li>Give us accurate details, and tell us when they change, including the address registered for emergency calls.</li>
        <li>Keep your account password and SIP passwords secret. You are responsible for calls made with them until you tell us they may have been misused.</li>
        <li>Use the service lawfully: no nuisance, silent or abandoned calls, no automated mass calling, and nothing that breaks Ofcom’s rules or harms our network.</li>
        <li>Provide a suitable internet connection and network for the number of calls you make, and equipment that works with standard SIP.</li>
        <li>Get any consent the law requires before you record calls, and tell callers when calls are recorded.</li>
      </ul>
    ),
  },
  {
    id: 'prices-and-payment',
    title: 'Prices and payment',
    body: (
      <>
        <p>
          Prices on this website and in our quotes exclude VAT, which is added at the current rate. The price of each plan, add-on,
          number and desk phone is the one shown when you order.
        </p>
        <ul>
          <li>You pay by card when you order. Your service starts once the payment has been confirmed, not before.</li>
          <li>Services are then charged in advance each month or each year, as you chose, to the same card.</li>
          <li>Calls that are not included in your plan are charged at the rates on our plans page.</li>
          <li>If a payment fails, we tell you and give you time to update your card before we suspend the service.</li>
          <li>We give you at least one month’s notice of any price rise for a service you already have.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'numbers',
    title: 'Your phone numbers',
    body: (
      <p>
        Numbers are allocated under the rules of Ofcom, the UK’s telecoms regulator. While your account is active you may move a
        number to another provider at any time, and we will not delay a valid request. Numbers you leave unused after your service
        ends may be reallocated after the period Ofcom allows.
      </p>
    ),
  },
  {
    id: 'ending-the-contract',
    title: 'Cancellation and ending the contract',
    body: (
      <>
        <p>
          <strong>Your right to cancel before the service starts.</strong> You may cancel an order within 7 days of placing it, as
          long as the service has not started, and we refund everything you paid for it.
        </p>
        <p>
          <strong>Ending a service.</strong> There is no minimum term. Either of us may end a service with thirty days’ written
          notice; an e-mail to <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a> is enough. Charges
          continue until the notice ends; what happens to advance payments is in the <Link to="/refund-policy">refund policy</Link>.
        </p>
        <p>
          <strong>Ending it straight away.</strong> We may suspend or end a service without notice if it is being used unlawfully or
          in a way that harms our network or other customers, or if charges remain unpaid after we have reminded you.
        </p>
      </>
    ),
  },
  {
    id: 'desk-phones',
    title: 'Desk phones',
    body: (
      <p>
        Desk phones are delivered to the address you give us by the delivery option you choose. They become yours once paid for, and
        are your responsibility from delivery. Returns, repairs and replacements follow our <Link to="/refund-policy">refund policy</Link>.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our liability',
    body: (
      <>
        <p>
          We are responsible for loss you suffer that is a foreseeable result of us breaking these terms or failing to use reasonable
          care. For business customers we are not liable for loss of profit, business or opportunity, or for indirect loss, and our
          total liability in any year is limited to the charges you paid us in the twelve months before the event.
        </p>
        <p>Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or any other liability the law does not allow us to limit.</p>
      </>
    ),
  },
  {
    id: 'changes-and-law',
    title: 'Changes to these terms, and the law that applies',
    body: (
      <p>
        We may update these terms; we e-mail customers at least one month before a change that affects them takes effect, and a
        change never applies to an order already placed unless you agree. These terms are governed by the law of England and Wales,
        and its courts deal with any dispute, although consumers living elsewhere in the UK may use their local courts.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: <CompanyContact />,
  },
];

/** /general-terms-and-conditions (also shown at /terms): services, duties, payment, notice and the cancellation right. */
export function TermsPage() {
  return (
    <LegalPage
      title="General Terms and Conditions"
      description={`The terms for ${product} phone services, numbers and desk phones: what we provide, your responsibilities, prices and payment, notice and your right to cancel.`}
      path={TERMS_PATH}
      updated="2026-11-24"
      intro={
        <p>
          These are the terms on which we provide our phone services and sell desk phones. We have kept them short and in plain
          English; if anything is unclear, please ask us before you order.
        </p>
      }
      sections={sections}
    />
  );
}
