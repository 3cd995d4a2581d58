import { PortsPage } from '../../features/admin/routes/ports-page';

export function Component() {
  return <PortsPage />;
}
