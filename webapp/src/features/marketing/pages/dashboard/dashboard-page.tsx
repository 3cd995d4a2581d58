import { Link } from 'react-router-dom';
import { PageMeta } from '../../../../components/page-meta';
import { siteConfig } from '../../../../config/site';
import { breadcrumbs, graph } from '../shared/json-ld';
import { FeatureCards, Section, ServiceHero } from '../shared/page-parts';
import { TRIAL_DAYS } from '../../../../config/trial';

const PATH = '/dashboard';

/** Where existing customers manage their service: the dashboard is a separate site (opens in a new tab). */
export function DashboardPage() {
  return (
    <>
      <PageMeta
        title={`Customer Dashboard sign-in | ${siteConfig.productName}`}
        description="Existing customers manage their phone service, users, numbers and bills in the customer dashboard. Sign in there."
        path={PATH}
        noIndex
        jsonLd={graph(breadcrumbs([{ name: 'Customer dashboard', path: PATH }]))}
      />
      <ServiceHero
        eyebrow="Existing customers"
        title="Manage your service in the customer dashboard"
        lead="Your phone system, numbers and bills live in our customer dashboard, a separate secure site. Sign in there with the email address you ordered with."
      >
        <a href={siteConfig.dashboardLoginUrl} target="_blank" rel="noopener noreferrer" className="button button-light">
          Sign in to the dashboard<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </ServiceHero>

      <Section id="what-you-can-do" title="What you can do there">
        <FeatureCards
          cards={[
            { icon: 'users', title: 'Users and extensions', text: 'Add and remove users, name extensions and reset app passwords.' },
            { icon: 'route', title: 'Call routing', text: 'Change menus, ring groups, opening hours and where calls go when nobody answers.' },
            { icon: 'voicemail', title: 'Voicemail and recordings', text: 'Listen to messages and call recordings, and upload greetings and hold music.' },
            { icon: 'phone', title: 'Numbers', text: 'Add numbers, follow the progress of a number you are moving to us and set caller ID.' },
            { icon: 'chart', title: 'Call reports', text: 'See call volumes, missed calls and waiting times for each number and team.' },
            { icon: 'pound', title: 'Bills and payment', text: 'Download invoices, update your card and change plan or billing cycle.' },
          ]}
        />
      </Section>

      <Section id="help-signing-in" tone="soft" title="Trouble signing in?">
        <div className="sp-two">
          <p>
            Use the “Forgotten password” link on the sign-in page; a reset link goes to the email address on your account. Your app and desk phone
            logins are separate, and are shown in the dashboard under each user.
          </p>
          <p>
            Still stuck? Call support on <a href={siteConfig.salesPhoneHref}>{siteConfig.salesPhoneDisplay}</a> ({siteConfig.supportPhoneHours},
            Monday to Friday), or see our <Link to="/support">support page</Link>.
          </p>
        </div>
      </Section>

      <Section id="not-a-customer" title="Not a customer yet?" intro={`There is nothing to sign in to until you have a service with us. Choose a plan, or try one free for ${TRIAL_DAYS} days.`}>
        <div className="sp-cta-actions">
          <Link to="/plans-and-pricing" className="button button-primary">
            See plans and pricing
          </Link>
          <Link to="/free-trial-numbers" className="button button-secondary">
            Start {TRIAL_DAYS} days trial
          </Link>
        </div>
      </Section>
    </>
  );
}
