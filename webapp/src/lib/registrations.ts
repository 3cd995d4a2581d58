import { useEffect, useState } from 'react';
import type { Registrations } from './api-types';

/** How often a thank-you page asks whether its extensions are registered. */
export const REGISTRATION_POLL_MS = 3000;
/** For how long after the page opened: the buyer is setting up a phone now or not at all. */
export const REGISTRATION_WATCH_MS = 2 * 60 * 1000;

/**
 * The polling interval for the registrations query (0 stops it): every few seconds until the
 * two minutes are `over` (also before the extensions exist), and no longer once every active
 * extension is registered.
 */
export function registrationPollInterval(over: boolean, data: Registrations | undefined): number {
  if (over) return 0;
  const active = data?.extensions.filter((extension) => extension.active) ?? [];
  // Nothing left to wait for: every active extension registered, or none active any more.
  if (data && data.extensions.length > 0 && active.every((extension) => extension.registered)) return 0;
  return REGISTRATION_POLL_MS;
}

/** The registration state of an extension in words. */
export function registrationText(registration: { active: boolean; registered: boolean } | undefined): string {
  if (!registration) return 'Checking…';
  if (!registration.active) return 'Not active: this extension no longer connects.';
  return registration.registered ? 'Registered' : 'Not registered yet';
}

/**
 * The polling interval for a page's registrations query: REGISTRATION_POLL_MS from the page's
 * opening until REGISTRATION_WATCH_MS later or until every extension is registered, then 0.
 */
export function useRegistrationPolling(data: Registrations | undefined): number {
  const [over, setOver] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setOver(true), REGISTRATION_WATCH_MS);
    return () => clearTimeout(timer);
  }, []);
  return registrationPollInterval(over, data);
}
