import { useEffect, useRef, useState } from 'react';
import { useGetCheckoutConfigQuery } from '../../../lib/stripe/config-api';
import { loadGoogleIdentity, profileFromCredential, type GoogleCredentialResponse } from '../../../lib/google-identity';

/**
 * Sign in with Google, offered only when the shop has a Google client id (the checkout's
 * config). Google's ID token goes to the server, which checks it is of the account's address.
 */
export function GoogleSignIn({ onCredential }: { onCredential: (credential: string, email: string) => void }) {
  const clientId = useGetCheckoutConfigQuery().data?.googleClientId ?? null;
  const [failure, setFailure] = useState<string | null>(null);
  const buttonRef = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  useEffect(() => {
    callback.current = onCredential;
  });

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    const target = buttonRef.current;
    const onResponse = (response: GoogleCredentialResponse) => {
      const profile = response.credential ? profileFromCredential(response.credential) : null;
      if (!response.credential || !profile) {
        setFailure('Google sign-in did not work. Please try again, or sign in with your password.');
        return;
      }
      setFailure(null);
      callback.current(response.credential, profile.email);
    };
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !target) return;
        google.accounts.id.initialize({ client_id: clientId, callback: onResponse, ux_mode: 'popup' });
        google.accounts.id.renderButton(target, { type: 'standard', theme: 'outline', size: 'large', text: 'signin_with' });
      })
      .catch(() => {
        if (!cancelled) setFailure('Google sign-in could not be reached. Please sign in with your password.');
      });
    return () => {
      cancelled = true;
      target?.replaceChildren();
    };
  }, [clientId]);

  if (!clientId) return null;
  return (
    <section className="account-google" aria-label="Sign in with Google">
      <p>Or, if you signed up with Google:</p>
      <div ref={buttonRef} />
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
    </section>
  );
}
