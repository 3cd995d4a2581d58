import { siteConfig } from '../../../config/site';

/** Our name, postal address, e-mail and phone as the policies give them. */
export function CompanyContact({ email = siteConfig.supportEmail }: { email?: string }) {
  const { office } = siteConfig;
  return (
    <address>
      {siteConfig.productName}
      <br />
      {office.streetAddress}, {office.locality} {office.postalCode}, {office.country}
      <br />
      E-mail: <a href={`mailto:${email}`}>{email}</a>
      <br />
      Phone: <a href={siteConfig.salesPhoneHref}>{siteConfig.salesPhoneDisplay}</a> ({siteConfig.officeHours.days},{' '}
      {siteConfig.officeHours.opens}–{siteConfig.officeHours.closes})
    </address>
  );
}
