import { useEffect, useId, useState } from 'react';
import { NumberTransfers, type TransferActions } from '../../../components/number-transfers/number-transfers';
import type { TransferLine } from '../../../lib/api-types';
import { errorStatus, serverErrorText } from '../../../lib/api-error';
import { getTransfers, giveTransferPac, signLetterOfAuthority } from '../services-api';

export const transferMessages = {
  loading: 'Loading your number transfers…',
  failed: 'We could not load your number transfers. Reload the page to try again; if it keeps failing, contact support.',
  signedOut: 'Your session has ended. Please sign in again to see your number transfers.',
} as const;

type Loaded = { name: 'loading' } | { name: 'loaded'; ports: TransferLine[] } | { name: 'failed'; message: string };

/**
 * The service order's number transfers on the account's order page: each transfer's steps and
 * dates, and the letter of authority signed here with the account's session (the thank-you
 * page's own component, given the account's calls). Nothing at all when the order transfers no
 * number in.
 */
export function OrderTransfers({ orderId }: { orderId: string }) {
  const id = useId();
  const [loaded, setLoaded] = useState<Loaded>({ name: 'loading' });

  // Read again after a step that answers no transfers (a mobile's PAC).
  const [reads, setReads] = useState(0);

  useEffect(() => {
    let current = true;
    getTransfers(orderId).then(
      ({ ports }) => current && setLoaded({ name: 'loaded', ports }),
      (failure: unknown) => {
        const message = errorStatus(failure) === 401 ? transferMessages.signedOut : (serverErrorText(failure) ?? transferMessages.failed);
        if (current) setLoaded({ name: 'failed', message });
      },
    );
    return () => {
      current = false;
    };
  }, [orderId, reads]);

  const actions: TransferActions = {
    sign: async (number, details) => {
      const { ports } = await signLetterOfAuthority(orderId, number, details);
      setLoaded({ name: 'loaded', ports });
    },
    givePac: async (number, pac) => {
      await giveTransferPac(orderId, number, pac);
      setReads((count) => count + 1);
    },
  };

  if (loaded.name === 'loading') {
    return (
      <p className="muted" role="status">
        {transferMessages.loading}
      </p>
    );
  }
  if (loaded.name === 'failed') {
    return (
      <section className="panel" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>Number transfers</h2>
        <p className="form-banner" role="alert">
          {loaded.message}
        </p>
      </section>
    );
  }
  return <NumberTransfers transfers={loaded.ports} actions={actions} />;
}
