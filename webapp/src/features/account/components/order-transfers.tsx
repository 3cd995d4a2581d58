import { useId } from 'react';
import { NumberTransfers, type TransferActions } from '../../../components/number-transfers/number-transfers';
import { errorStatus, serverErrorText } from '../../../lib/api-error';
import { useGetTransfersQuery, useGiveAccountTransferPacMutation, useSignLetterOfAuthorityMutation } from '../api';

export const transferMessages = {
  loading: 'Loading your number transfers…',
  failed: 'We could not load your number transfers. Reload the page to try again; if it keeps failing, contact support.',
  signedOut: 'Your session has ended. Please sign in again to see your number transfers.',
} as const;

/**
 * The service order's number transfers on the account's order page: each transfer's steps and
 * dates, and the letter of authority signed here with the account's session (the thank-you
 * page's own component, given the account's calls). Nothing at all when the order transfers no
 * number in.
 */
export function OrderTransfers({ orderId }: { orderId: string }) {
  const id = useId();
  const transfers = useGetTransfersQuery(orderId);
  const [signLetterOfAuthority] = useSignLetterOfAuthorityMutation();
  const [giveTransferPac] = useGiveAccountTransferPacMutation();

  // Each answer lands in the cache: the signature answers the transfers, the PAC has them read again.
  const actions: TransferActions = {
    sign: (number, details) => signLetterOfAuthority({ orderId, number, details }).unwrap(),
    givePac: (number, pac) => giveTransferPac({ orderId, number, pac }).unwrap(),
  };

  if (transfers.isLoading) {
    return (
      <p className="muted" role="status">
        {transferMessages.loading}
      </p>
    );
  }
  if (!transfers.data) {
    const message = errorStatus(transfers.error) === 401 ? transferMessages.signedOut : (serverErrorText(transfers.error) ?? transferMessages.failed);
    return (
      <section className="panel" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>Number transfers</h2>
        <p className="form-banner" role="alert">
          {message}
        </p>
      </section>
    );
  }
  return <NumberTransfers transfers={transfers.data.ports} actions={actions} />;
}
