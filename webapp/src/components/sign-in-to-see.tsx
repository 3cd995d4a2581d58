import { Link } from 'react-router-dom';
import { accountArea, signInPathFor } from '../lib/next-path';

/**
 * Shown where an order's or a trial's details are the owner's only and this browser has not
 * shown it is theirs: the status, and the way to sign in.
 */
export function SignInToSee({ what, status }: { what: string; status: string }) {
  return (
    <div className="container page-body centered">
      <div className="panel">
        <h1>{what}</h1>
        <p>
          Status: <strong>{status.replace(/_/g, ' ')}</strong>
        </p>
        <p role="alert">The details are shown to the buyer only. Sign in to your account to see them.</p>
        <Link to={signInPathFor(accountArea, accountArea.home)} className="button button-primary">
          Sign in
        </Link>
      </div>
    </div>
  );
}

/** Whether an answer of GET /api/orders/{id} or /api/trials/{id} holds the status alone. */
export function isRestricted(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && (answer as { restricted?: unknown }).restricted === true;
}
