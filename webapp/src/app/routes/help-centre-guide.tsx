import { GuidePage } from '../../features/help-centre/routes/guide-page';

export function Component() {
  return <GuidePage />;
}
