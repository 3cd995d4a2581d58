import { useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../../lib/store-hooks';
import { googleSignedIn } from '../checkout-slice';
import { loadGoogleIdentity, profileFromCredential, type GoogleCredentialResponse } from '../../../lib/google-identity';
import { messages } from '../messages';

/**
 * Sign up with Google (only offered when the server has a Google client id). Google's button
 * hands back an ID token: it goes to the server with the form (which checks it); its e-mail and
 * names fill the form, and the password fields are no longer asked for.
 */
export function GoogleSignUp({ clientId, connected }: { clientId: string; connected: boolean }) {
  const dispatch = useAppDispatch();
  const buttonRef = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const target = buttonRef.current;
    const onCredential = (response: GoogleCredentialResponse) => {
      const profile = response.credential ? profileFromCredential(response.credential) : null;
      if (!response.credential || !profile) {
        setFailure(messages.googleSignInFailed);
        return;
      }
      setFailure(null);
      dispatch(googleSignedIn({ credential: response.credential, ...profile }));
    };
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !target) return;
        google.accounts.id.initialize({ client_id: clientId, callback: onCredential, ux_mode: 'popup' });
        google.accounts.id.renderButton(target, { type: 'standard', theme: 'outline', size: 'large', text: 'signup_with' });
      })
      .catch(() => {
        if (!cancelled) setFailure(messages.googleConnectFailed);
      });
    return () => {
      cancelled = true;
      target?.replaceChildren();
    };
  }, [clientId, dispatch]);

  return (
    <section className="google-sign-up" aria-labelledby="google-sign-up-heading">
      <p id="google-sign-up-heading" className="google-sign-up-title">
        Sign up with Google
      </p>
      <div ref={buttonRef} className="google-button" />
      {connected && (
        <p role="status" className="form-success">
          {messages.googleConnected}
        </p>
      )}
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
    </section>
  );
}
