import { StaffHomePage } from '../../features/admin/routes/staff-home';

export function Component() {
  return <StaffHomePage />;
}
