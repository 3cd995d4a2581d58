import { createContext, useContext } from 'react';

/** True while a navigation waits for the next page (e.g. its lazy chunk); set by AppRouter. */
export const NavigationPendingContext = createContext(false);

export function useNavigationPending(): boolean {
  return useContext(NavigationPendingContext);
}
