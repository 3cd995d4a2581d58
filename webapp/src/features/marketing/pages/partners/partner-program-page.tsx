import { Link } from 'react-router-dom';
import { FaqList } from '../../../../components/faq-list';
import { PageMeta } from '../../../../components/page-meta';
import { siteConfig } from '../../../../config/site';
import { breadcrumbs, graph, provider } from '../shared/json-ld';
import { CtaPanel, FeatureCards, Section, ServiceHero, StepList } from '../shared/page-parts';
import { PARTNER_ROLES, partnerFaq, partnerRoles } from './partner-data';

const PATH = '/partner-program';
const DESCRIPTION =
  'Earn recurring commission by recommending or reselling our business phone systems, broadband and desk phones. Two partner roles: reseller agent and infrastructure agent.';

export function PartnerProgramPage() {
  return (
    <>
      <PageMeta
        title={`Partner Program for IT firms and advisers | ${siteConfig.productName}`}
        description={DESCRIPTION}
        path={PATH}
        jsonLd={graph(
          { '@type': 'WebPage', name: `${siteConfig.productName} Partner Program`, description: DESCRIPTION, url: `${siteConfig.siteUrl}${PATH}`, publisher: provider() },
          breadcrumbs([{ name: 'Partner program', path: PATH }]),
        )}
      />
      <ServiceHero
        eyebrow="Partner program"
        title="Grow your business by helping clients talk to theirs"
        lead="Your clients already ask you about phones, broadband and the 2027 landline switch-off. Give them an answer you can stand behind, and earn every month they stay."
      >
        <Link to="/become-a-partner" className="button button-light">
          Become a partner
        </Link>
        <Link to={siteConfig.whyPath} className="button button-ghost">
          Why {siteConfig.productName}
        </Link>
      </ServiceHero>

      <Section id="roles" title="Two ways to partner with us" intro="Pick the role that matches how you work with clients. You can change later.">
        <ul className="sp-cards sp-cols-2">
          {PARTNER_ROLES.map((key) => {
            const role = partnerRoles[key];
            return (
              <li key={key} className="sp-card">
                <h3>{role.name}</h3>
                <p>
                  <strong>For:</strong> {role.forWho}
                </p>
                <p>
                  <strong>You:</strong> {role.whatYouDo}
                </p>
                <ul className="sp-example-list">
                  {role.whatYouGet.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="why-partners-join" tone="soft" title="Why partners stay with us">
        <FeatureCards
          cards={[
            { icon: 'pound', title: 'Recurring income', text: 'Commission on every monthly bill, not a one-off payment, so your income grows with your client list.' },
            { icon: 'heart', title: 'Clients who stay', text: 'More than 80% of our clients stay with us year after year, which keeps your commission coming.' },
            { icon: 'headset', title: 'Support you can rely on', text: 'A UK team that answers the phone, so a referral never comes back to bite you.' },
          ]}
        />
      </Section>

      <Section id="how-to-join" title="How joining works">
        <StepList
          label="Joining the partner program"
          steps={[
            { title: 'Apply', text: 'Send the short application form. It takes two minutes.' },
            { title: 'Meet your partner manager', text: 'We call you within one working day to talk about your clients and agree terms.' },
            { title: 'Start referring or selling', text: 'Get your partner link, price sheets and dashboard access the same week.' },
          ]}
        />
      </Section>

      <Section id="partner-questions" tone="soft" title="Partner questions">
        <FaqList items={partnerFaq} />
      </Section>

      <CtaPanel id="partner-cta" title="Ready to talk?" text={`Apply online or call our partner team on ${siteConfig.salesPhoneDisplay}.`}>
        <Link to="/become-a-partner" className="button button-primary">
          Apply to become a partner
        </Link>
        <Link to="/contact" className="button button-light">
          Contact us
        </Link>
      </CtaPanel>
    </>
  );
}
