import { PageMeta } from '../../../components/page-meta';
import { Mailbox } from '../components/mailbox';
import { RequireStaff } from '../components/require-staff';
import { MAIL_PATH } from '../paths';
import '../admin.css';

/** /admin/mail: every e-mail the shop queued and what became of it, for signed-in staff. */
export function MailPage() {
  return (
    <div className="container page-body admin-page">
      <PageMeta title="Mail" description="What the shop e-mails, and what became of each e-mail." path={MAIL_PATH} noIndex />
      <h1>Mail</h1>
      <RequireStaff>{() => <Mailbox />}</RequireStaff>
    </div>
  );
}
