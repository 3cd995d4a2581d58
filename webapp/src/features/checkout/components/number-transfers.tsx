import { useId, useState } from 'react';
import { siteConfig } from '../../../config/site';
import { buyerMaySign, formatPortDate, formatSignedDay, PORT_STEPS, portMessages, portStepIndex } from '../port-rules';
import type { PortLine } from '../types';
import { PortDetailsFormView, type PortSigner } from './port-details-form';
import { PortPacForm } from './port-pac-form';

/** The five steps of a transfer, those reached ticked, the one it stands at marked `aria-current="step"`. */
function PortSteps({ port, label }: { port: PortLine; label: string }) {
  const current = portStepIndex(port.state);
  const finished = port.state === 'completed';
  return (
    <ol className="port-steps" aria-label={label}>
      {PORT_STEPS.map((title, index) => {
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
function MobilePortNews({ port }: { port: PortLine }) {
  const product = siteConfig.productName;
  switch (port.state) {
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
          {port.date && <p className="port-date">Your number moves on {formatPortDate(port.date)}</p>}
          <p>The SIM stops taking calls to the number that day, once it rings on {product}.</p>
        </>
      );
    case 'completed':
      return <p>The number now rings on {product}.</p>;
    case 'rejected':
      return (
        <div className="port-rejected">
          <p>
            Your mobile network did not release the number: <strong>{port.rejectionReason || 'no reason was given'}</strong>
          </p>
          <p>A PAC code is valid for 30 days. Text PAC to 65075 from the phone for a new one and enter it below; we send the transfer again as soon as you do.</p>
        </div>
      );
    default:
      return null;
  }
}

/** What the transfer's state means for the buyer, in a sentence or two. */
function PortNews({ port }: { port: PortLine }) {
  if (port.movesWithPac) return <MobilePortNews port={port} />;
  const product = siteConfig.productName;
  const provider = port.currentProvider || 'your current provider';
  switch (port.state) {
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
          {port.date && <p className="port-date">Your number moves on {formatPortDate(port.date)}</p>}
          <p>
            Calls to it may drop for a few minutes that day. Keep your service with {provider} until the number rings on {product}.
          </p>
        </>
      );
    case 'completed':
      return (
        <>
          {port.date && <p className="port-date">Your number moved on {formatPortDate(port.date)}</p>}
          <p>
            The number now rings on {product}. You can cancel your service with {provider}; ask them not to cancel the number
            itself, which is now ours to look after for you.
          </p>
        </>
      );
    case 'rejected':
      return (
        <div className="port-rejected">
          <p>
            {provider} did not release the number: <strong>{port.rejectionReason || 'no reason was given'}</strong>
          </p>
          <p>Please correct your details below and sign again; we send the transfer again as soon as you do.</p>
        </div>
      );
    default:
      return null;
  }
}

/**
 * How the buyer's steps reach the server, when not through the thank-you page's public routes
 * (the account page's session): each rejects with the server's refusal.
 */
export interface PortActions {
  sign: PortSigner;
  givePac: (number: string, pac: string) => Promise<unknown>;
}

/** One number being transferred: where it stands, and the buyer's form while it is theirs to fill in. */
function PortItem({ orderId, port, actions }: { orderId: string; port: PortLine; actions?: PortActions }) {
  const id = useId();
  const [correcting, setCorrecting] = useState(false);
  const [signed, setSigned] = useState(false);
  const number = port.displayNumber || port.number;
  const mobile = port.movesWithPac === true;
  // A mobile signs nothing: after a rejection it takes a new PAC code instead.
  const formOpen = !mobile && (port.state === 'requested' || port.state === 'rejected' || (correcting && buyerMaySign(port.state)));

  return (
    <li className="port-item">
      <article aria-labelledby={`${id}-number`}>
        <h3 id={`${id}-number`}>{number}</h3>
        <p className="port-state">
          Status: <strong>{port.stateLabel}</strong>
        </p>
        <PortSteps port={port} label={`Transfer of ${number}`} />
        {signed && port.state === 'detailsConfirmed' && (
          <p className="form-success" role="status">
            {mobile ? portMessages.pacGiven : portMessages.signed}
          </p>
        )}
        <PortNews port={port} />
        {port.signedName && port.signedAt && port.state !== 'requested' && (
          <p className="muted small">
            Letter of authority signed by {port.signedName} on {formatSignedDay(new Date(port.signedAt))}.
          </p>
        )}
        {mobile && port.state === 'rejected' && <PortPacForm orderId={orderId} port={port} onGiven={() => setSigned(true)} give={actions?.givePac} />}
        {!mobile && port.state === 'detailsConfirmed' && !correcting && (
          <button type="button" className="button button-secondary" onClick={() => setCorrecting(true)}>
            Correct details
          </button>
        )}
        {formOpen && (
          <PortDetailsFormView
            // A fresh form for each time it opens, filled from the details as they stand.
            key={`${port.state}-${port.updatedAt}`}
            orderId={orderId}
            port={port}
            sign={actions?.sign}
            onSigned={() => {
              setSigned(true);
              setCorrecting(false);
            }}
            onCancel={port.state === 'detailsConfirmed' ? () => setCorrecting(false) : undefined}
          />
        )}
      </article>
    </li>
  );
}

/**
 * The order's number transfers (ports) on the thank-you page (and the account's order page, with
 * its own `actions`): each with its steps, and the buyer's letter of authority.
 */
export function NumberTransfers({
  orderId,
  ports,
  actions,
}: {
  orderId: string;
  ports: PortLine[];
  actions?: PortActions;
}) {
  const id = useId();
  if (ports.length === 0) return null;
  return (
    <section className="panel number-transfers" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Number transfers</h2>
      <p>
        We move {ports.length === 1 ? 'your number' : 'your numbers'} to {siteConfig.productName} free of charge; a transfer
        usually takes 2-3 business days once we have your details. We e-mail you at each step, and this page shows where each
        transfer stands.
      </p>
      <ul className="port-list">
        {ports.map((port) => (
          <PortItem key={port.number} orderId={orderId} port={port} actions={actions} />
        ))}
      </ul>
    </section>
  );
}
