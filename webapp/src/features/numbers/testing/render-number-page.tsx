import type { ReactElement } from 'react';
import { useNumberSelection } from '../../../app/use-number-selection';
import { renderWithProviders } from '../../../testing/render-with-providers';
import type { AppStore } from '../../../app/store';
import type { NumberSelection } from '../types';

type Page = (props: { selection: NumberSelection }) => ReactElement;

/** Renders a number page joined to the cart as the app does, with landing pages for Continue. */
export function renderNumberPage(PageComponent: Page, route: string, store?: AppStore) {
  function Joined() {
    return <PageComponent selection={useNumberSelection()} />;
  }
  return renderWithProviders(<Joined />, {
    route,
    store,
    extraRoutes: [
      { path: '/add-ons', element: <p>Add-ons page</p> },
      { path: '/checkout', element: <p>Checkout page</p> },
    ],
  });
}
