import { loadScript } from './stripe/load-script';

export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';

/** The few Google Identity Services calls used: a rendered button whose callback receives an ID token. */
export interface GoogleCredentialResponse {
  credential?: string;
}

export interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: GoogleCredentialResponse) => void; ux_mode?: 'popup' }): void;
      renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

/** Loads Google Identity Services (once; not when the page already has it). */
export async function loadGoogleIdentity(): Promise<GoogleIdentity> {
  if (!window.google?.accounts?.id) await loadScript(GOOGLE_IDENTITY_SCRIPT, 'head');
  if (!window.google?.accounts?.id) throw new Error('Google Identity Services did not load');
  return window.google;
}

interface GoogleProfile {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * The names and e-mail in an ID token's payload, to fill the form. Only a convenience: the
 * token itself goes to the server, which checks its signature.
 */
export function profileFromCredential(credential: string): GoogleProfile | null {
  const payload = credential.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    const text = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string) : '');
    if (!text('email')) return null;
    return { email: text('email'), firstName: text('given_name'), lastName: text('family_name') };
  } catch {
    return null;
  }
}
