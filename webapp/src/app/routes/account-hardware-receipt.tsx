import { HardwareReceiptPage } from '../../features/account/routes/hardware-receipt-page';

export function Component() {
  return <HardwareReceiptPage />;
}
