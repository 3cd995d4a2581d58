import { PageMeta } from '../../../components/page-meta';
import { HardwareManager } from '../components/hardware-manager';
import { RequireStaff } from '../components/require-staff';
import '../admin.css';

/** /admin/hardware: the hardware manager, for signed-in staff only. */
export function HardwareAdminPage() {
  return (
    <div className="container page-body admin-page">
      <PageMeta title="Hardware manager" description="Manage the desk phone catalogue." path="/admin/hardware" noIndex />
      <h1>Hardware manager</h1>
      <RequireStaff>{(session) => <HardwareManager session={session} />}</RequireStaff>
    </div>
  );
}
