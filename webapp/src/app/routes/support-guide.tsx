import { GuidePage } from '../../features/support/routes/guide-page';

export function Component() {
  return <GuidePage />;
}
