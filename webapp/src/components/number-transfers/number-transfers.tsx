import { useId, useState } from 'react';
import { siteConfig } from '../../config/site';
import { buyerMaySign, formatTransferDate, formatSignedDay, TRANSFER_STEPS, transferDetailsMessages, transferStepIndex } from '../../lib/transfer-rules';
import type { TransferLine } from '../../lib/api-types';
import { TransferDetailsForm, type TransferSigner } from './transfer-details-form';
import { TransferPacForm } from './transfer-pac-form';
import './number-transfers.css';

/** The five steps of a transfer, those reached ticked, the one it stands at marked `aria-current="step"`. */
function TransferSteps({ transfer, label }: { transfer: TransferLine; label: string }) {
  const current = transferStepIndex(transfer.state);
  const finished = transfer.state === 'completed';
  return (
    <ol className="transfer-steps" aria-label={label}>
      {TRANSFER_STEPS.map((title, index) => {
        const done = index < current || (finished && index === current);
        return (
          <li
            key={title}
            className={[done ? 'is-done' : '', index === current ? 'is-current' : ''].filter(Boolean).join(' ') || undefined}
            aria-current={index === current ? 'step' : undefined}
          >
            <span className="step-number" aria-hidden="true">
              {done ? '✓' : index + 1}
            </span>
            <span className="step-label">{title}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** A mobile's transfer, authorised by the PAC code given with it: what its state means for the buyer. */
function MobileTransferNews({ transfer }: { transfer: TransferLine }) {
  const product = siteConfig.productName;
  switch (transfer.state) {
    case 'detailsConfirmed':
      return (
        <p>
          We have your PAC code, so there is nothing to sign. We send the transfer to your mobile network within one business
          day; a mobile number usually moves one business day after that.
        </p>
      );
    case 'submitted':
      return <p>We have sent the transfer to your mobile network with your PAC code. Keep your SIM until the number moves.</p>;
    case 'dateSet':
      return (
        <>
          {transfer.date && <p className="transfer-date">Your number moves on {formatTransferDate(transfer.date)}</p>}
          <p>The SIM stops taking calls to the number that day, once it rings on {product}.</p>
        </>
      );
    case 'completed':
      return <p>The number now rings on {product}.</p>;
    case 'rejected':
      return (
        <div className="transfer-rejected">
          <p>
            Your mobile network did not release the number: <strong>{transfer.rejectionReason || 'no reason was given'}</strong>
          </p>
          <p>A PAC code is valid for 30 days. Text PAC to 65075 from the phone for a new one and enter it below; we send the transfer again as soon as you do.</p>
        </div>
      );
    default:
      return null;
  }
}

/** What the transfer's state means for the buyer, in a sentence or two. */
function TransferNews({ transfer }: { transfer: TransferLine }) {
  if (transfer.movesWithPac) return <MobileTransferNews transfer={transfer} />;
  const product = siteConfig.productName;
  const provider = transfer.currentProvider || 'your current provider';
  switch (transfer.state) {
    case 'requested':
      return (
        <p>
          To start the transfer we need the details of the account the number is on today, and your signature on a letter of
          authority. It takes a minute.
        </p>
      );
    case 'detailsConfirmed':
      return (
        <p>
          We send the transfer to {provider} within one business day; transfers usually complete in 2-3 business days. Until we
          send it, you can still correct the details.
        </p>
      );
    case 'submitted':
      return (
        <p>
          We have sent the transfer to {provider}. They confirm a date, usually within 2-3 business days, and we e-mail you as
          soon as they do. Keep your current service until then.
        </p>
      );
    case 'dateSet':
      return (
        <>
          {transfer.date && <p className="transfer-date">Your number moves on {formatTransferDate(transfer.date)}</p>}
          <p>
            Calls to it may drop for a few minutes that day. Keep your service with {provider} until the number rings on {product}.
          </p>
        </>
      );
    case 'completed':
      return (
        <>
          {transfer.date && <p className="transfer-date">Your number moved on {formatTransferDate(transfer.date)}</p>}
          <p>
            The number now rings on {product}. You can cancel your service with {provider}; ask them not to cancel the number
            itself, which is now ours to look after for you.
          </p>
        </>
      );
    case 'rejected':
      return (
        <div className="transfer-rejected">
          <p>
            {provider} did not release the number: <strong>{transfer.rejectionReason || 'no reason was given'}</strong>
          </p>
          <p>Please correct your details below and sign again; we send the transfer again as soon as you do.</p>
        </div>
      );
    default:
      return null;
  }
}

/**
 * How the buyer's steps reach the server: the thank-you page's public routes (the order's link)
 * or the account's session. Each rejects with the server's refusal.
 */
export interface TransferActions {
  sign: TransferSigner;
  givePac: (number: string, pac: string) => Promise<unknown>;
}

/** One number being transferred: where it stands, and the buyer's form while it is theirs to fill in. */
function TransferItem({ transfer, actions }: { transfer: TransferLine; actions: TransferActions }) {
  const id = useId();
  const [correcting, setCorrecting] = useState(false);
  const [signed, setSigned] = useState(false);
  const number = transfer.displayNumber || transfer.number;
  const mobile = transfer.movesWithPac === true;
  // A mobile signs nothing: after a rejection it takes a new PAC code instead.
  const formOpen = !mobile && (transfer.state === 'requested' || transfer.state === 'rejected' || (correcting && buyerMaySign(transfer.state)));

  return (
    <li className="transfer-item">
      <article aria-labelledby={`${id}-number`}>
        <h3 id={`${id}-number`}>{number}</h3>
        <p className="transfer-state">
          Status: <strong>{transfer.stateLabel}</strong>
        </p>
        <TransferSteps transfer={transfer} label={`Transfer of ${number}`} />
        {signed && transfer.state === 'detailsConfirmed' && (
          <p className="form-success" role="status">
            {mobile ? transferDetailsMessages.pacGiven : transferDetailsMessages.signed}
          </p>
        )}
        <TransferNews transfer={transfer} />
        {transfer.signedName && transfer.signedAt && transfer.state !== 'requested' && (
          <p className="muted small">
            Letter of authority signed by {transfer.signedName} on {formatSignedDay(new Date(transfer.signedAt))}.
          </p>
        )}
        {mobile && transfer.state === 'rejected' && <TransferPacForm transfer={transfer} onGiven={() => setSigned(true)} give={actions.givePac} />}
        {!mobile && transfer.state === 'detailsConfirmed' && !correcting && (
          <button type="button" className="button button-secondary" onClick={() => setCorrecting(true)}>
            Correct details
          </button>
        )}
        {formOpen && (
          <TransferDetailsForm
            // A fresh form for each time it opens, filled from the details as they stand.
            key={`${transfer.state}-${transfer.updatedAt}`}
            transfer={transfer}
            sign={actions.sign}
            onSigned={() => {
              setSigned(true);
              setCorrecting(false);
            }}
            onCancel={transfer.state === 'detailsConfirmed' ? () => setCorrecting(false) : undefined}
          />
        )}
      </article>
    </li>
  );
}

/**
 * An order's number transfers, on the thank-you page and the account's order page (each with
 * its own `actions`): each with its steps, and the buyer's letter of authority.
 */
export function NumberTransfers({
  transfers,
  actions,
}: {
  transfers: TransferLine[];
  actions: TransferActions;
}) {
  const id = useId();
  if (transfers.length === 0) return null;
  return (
    <section className="panel number-transfers" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Number transfers</h2>
      <p>
        We move {transfers.length === 1 ? 'your number' : 'your numbers'} to {siteConfig.productName} free of charge; a transfer
        usually takes 2-3 business days once we have your details. We e-mail you at each step, and this page shows where each
        transfer stands.
      </p>
      <ul className="transfer-list">
        {transfers.map((transfer) => (
          <TransferItem key={transfer.number} transfer={transfer} actions={actions} />
        ))}
      </ul>
    </section>
  );
}
