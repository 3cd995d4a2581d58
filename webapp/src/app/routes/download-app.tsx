import { DownloadAppPage } from '../../features/marketing/pages/download-app/download-app-page';

export function Component() {
  return <DownloadAppPage />;
}
