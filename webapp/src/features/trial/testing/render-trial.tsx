import { useLocation } from 'react-router-dom';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { TrialSetupPage } from '../routes/trial-setup-page';

/** Shows where a navigation landed and with what state. */
function Landed({ name }: { name: string }) {
  const location = useLocation();
  return <h1 data-state={JSON.stringify(location.state ?? null)}>{name}</h1>;
}

/** The sign-up at /free-trial-account-setup, with `state` as the picker's navigation left it. */
export function renderTrialSetup(state?: unknown) {
  return renderWithProviders(<TrialSetupPage />, {
    route: '/free-trial-account-setup',
    routeState: state,
    extraRoutes: [
      { path: '/free-trial-thank-you', element: <Landed name="Thank-you page" /> },
      { path: '/free-trial-numbers', element: <Landed name="Number picker" /> },
    ],
  });
}
