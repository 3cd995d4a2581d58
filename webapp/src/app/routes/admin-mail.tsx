import { MailPage } from '../../features/admin/routes/mail-page';

export function Component() {
  return <MailPage />;
}
