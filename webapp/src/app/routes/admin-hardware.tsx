import { HardwareAdminPage } from '../../features/admin/routes/hardware-admin-page';

export function Component() {
  return <HardwareAdminPage />;
}
