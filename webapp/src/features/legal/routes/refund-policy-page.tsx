import { Link } from 'react-router-dom';
import { siteConfig } from '../../../config/site';
import { CompanyContact } from '../components/company-contact';
import { LegalPage, type LegalSection } from '../components/legal-page';

const product = siteConfig.productName;

const sections: LegalSection[] = [
  {
    id: 'money-back-guarantee',
    title: '30-day money-back guarantee',
    body: (
      <>
        <p>
          We want you to stay because the service is good, not because you are tied in. If you are not happy with a new {product}{' '}
          phone service in its first 30 days, get your money back: tell us, and we refund the subscription and add-on charges you
          paid for it and close the service.
        </p>
        <ul>
          <li>The guarantee applies to your first order of each service, from the day the service starts.</li>
          <li>Any Pay As You Go credit you have not used is refunded; calls already made are not.</li>
          <li>Charges from other providers, such as fees your old provider makes for moving a number, are not ours to refund.</li>
          <li>Desk phones are covered by the returns rules below, not by this guarantee.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'outage-credits',
    title: 'Credits when the service fails',
    body: (
      <p>
        If a fault on our side stops you making or receiving calls, tell us as soon as you can. We look at each case individually,
        taking into account how long the fault lasted and how many of your users it affected, and credit your next bill fairly. A
        fault in your own broadband, network or equipment is not an outage of our service, but we will still help you find it.
      </p>
    ),
  },
  {
    id: 'cancelling',
    title: 'Cancelling your service',
    body: (
      <>
        <p>
          There is no minimum term. You can end a service at any time by giving us thirty days’ written notice (an e-mail is
          enough), as our <Link to="/general-terms-and-conditions">terms and conditions</Link> set out. The service keeps working,
          and is charged, until the notice ends. If you paid for a year in advance, we refund the whole months left after your
          notice ends.
        </p>
        <p>
          If you change your mind within 7 days of ordering and before your service has started, you can cancel and we refund
          everything you paid for it.
        </p>
      </>
    ),
  },
  {
    id: 'faulty-desk-phones',
    title: 'Faulty desk phones',
    body: (
      <>
        <p>If a desk phone you bought from us arrives faulty or develops a fault under its warranty:</p>
        <ol>
          <li>we replace it with the same model, or an equivalent one if it is no longer made;</li>
          <li>if a replacement is not possible, we have it repaired;</li>
          <li>if it cannot be repaired, we refund what you paid for it.</li>
        </ol>
        <p>
          Tell us about the fault first, so we can check it is not a setting we can fix over the phone, and we will arrange the
          return at our cost.
        </p>
      </>
    ),
  },
  {
    id: 'returning-desk-phones',
    title: 'Returning desk phones that are not faulty',
    body: (
      <>
        <p>If you no longer want a desk phone that works as it should, you can ask to return it:</p>
        <ul>
          <li>it must come back in its original packaging, with every part, cable and manual it came with;</li>
          <li>you pay for the return postage, and we recommend a tracked service;</li>
          <li>a phone that has been opened or used may be refused, or only partly refunded if its value has gone down.</li>
        </ul>
        <p>
          If you bought as a consumer rather than for a business, the Consumer Contracts Regulations also let you cancel an order
          of goods within 14 days of delivery and return them within a further 14 days; we deduct only for any loss in value caused
          by handling beyond what is needed to try the phone out. Your rights under the Consumer Rights Act 2015 for faulty goods,
          including rejecting them for a full refund in the first thirty days, are not affected by anything on this page.
        </p>
      </>
    ),
  },
  {
    id: 'how-refunds-are-paid',
    title: 'How refunds are paid',
    body: (
      <p>
        Refunds go back to the payment method you used, usually the card you paid with. We make them within 14 days of agreeing the
        refund or, for returned phones, of receiving them back. Your bank may take a few more working days to show the money on
        your statement.
      </p>
    ),
  },
  {
    id: 'asking-for-a-refund',
    title: 'Asking for a refund or a return',
    body: (
      <>
        <p>Get in touch with your order number and what you would like us to do:</p>
        <CompanyContact />
      </>
    ),
  },
];

/** /refund-policy: the money-back guarantee, outage credits, cancelling, desk-phone returns and how refunds are paid. */
export function RefundPolicyPage() {
  return (
    <LegalPage
      title="Refund Policy"
      description={`${product}'s 30-day money-back guarantee, credits for outages, cancelling, returns of faulty and unwanted desk phones, and how refunds are paid.`}
      path="/refund-policy"
      updated="2026-11-24"
      intro={
        <p>
          This page explains when and how we give money back: the guarantee on new services, credits when something goes wrong on
          our side, cancelling, and returns of desk phones.
        </p>
      }
      sections={sections}
    />
  );
}
