import { Navigate } from 'react-router-dom';
import { RequireStaff } from '../components/require-staff';
import { staffHomePath } from '../paths';
import '../admin.css';

/** /admin: sends signed-in staff to their role's page (support: orders, admin: hardware), others to sign in. */
export function StaffHomePage() {
  return (
    <div className="container page-body admin-page">
      <RequireStaff>{(session) => <Navigate to={staffHomePath(session.role)} replace />}</RequireStaff>
    </div>
  );
}
