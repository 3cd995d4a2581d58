import { Link, useLocation, useParams } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { errorCode, errorStatus, serverErrorText } from '../../../lib/api-error';
import { formatPence } from '../../../lib/format-money';
import { AccountGate } from '../components/account-gate';
import { useGetHardwareReceiptQuery } from '../api';
import type { HardwareReceipt as Receipt } from '../types';
import '../receipt.css';

export const receiptMessages = {
  loading: 'Loading your receipt…',
  failed: 'We could not load this receipt. Reload the page to try again; if it keeps failing, contact support.',
  notYours:
    'This order belongs to another account, or your account’s e-mail address is not confirmed yet. Sign in with the e-mail the phones were bought with, or follow the confirmation link we sent you.',
  notFound: 'There is no such order. Open the receipt from the list of your orders on your account page.',
} as const;

type Loaded =
  | { name: 'loading' }
  | { name: 'loaded'; receipt: Receipt }
  | { name: 'signedOut' }
  | { name: 'failed'; message: string };

function failureOf(failure: unknown): Loaded {
  const status = errorStatus(failure);
  if (status === 401) return { name: 'signedOut' };
  if (errorCode(failure) === 'not_your_order') return { name: 'failed', message: receiptMessages.notYours };
  if (status === 404) return { name: 'failed', message: receiptMessages.notFound };
  return { name: 'failed', message: serverErrorText(failure) ?? receiptMessages.failed };
}

const paidDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(new Date(iso));

/** The receipt itself: seller, buyer, lines, net, VAT and total, every figure as the server computed it. */
function ReceiptDocument({ receipt }: { receipt: Receipt }) {
  const { seller } = receipt;
  return (
    <article className="receipt" aria-labelledby="receipt-title">
      <header className="receipt-head">
        <div>
          <p className="receipt-seller">{seller.name}</p>
          <address>
            {seller.address.map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
            {seller.email}
          </address>
          <p>
            VAT number: <strong>{seller.vatNumber}</strong>
          </p>
        </div>
        <dl className="receipt-facts">
          <dt>Receipt number</dt>
          <dd>{receipt.receiptNumber}</dd>
          <dt>Order number</dt>
          <dd>{receipt.orderNumber}</dd>
          <dt>Date paid</dt>
          <dd>
            <time dateTime={receipt.paidAt}>{paidDay(receipt.paidAt)}</time>
          </dd>
        </dl>
      </header>
      <h1 id="receipt-title">VAT receipt</h1>
      <div className="receipt-buyer">
        <p>
          <strong>{receipt.customerName}</strong>
          <br />
          {receipt.customerEmail}
        </p>
        <p>
          Delivered to:
          <br />
          {receipt.deliveryAddress.join(', ')}
        </p>
      </div>
      <table className="receipt-lines">
        <caption className="visually-hidden">What was bought, before VAT</caption>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col" className="num">
              Quantity
            </th>
            <th scope="col" className="num">
              Unit price (ex VAT)
            </th>
            <th scope="col" className="num">
              Amount (ex VAT)
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line) => (
            <tr key={line.description}>
              <td>{line.description}</td>
              <td className="num">{line.quantity}</td>
              <td className="num">{formatPence(line.unitPricePence)}</td>
              <td className="num">{formatPence(line.netPence)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Net
            </th>
            <td className="num" data-testid="receipt-net">
              {formatPence(receipt.netPence)}
            </td>
          </tr>
          <tr>
            <th scope="row" colSpan={3}>
              VAT at {receipt.vatRate}%
            </th>
            <td className="num" data-testid="receipt-vat">
              {formatPence(receipt.vatPence)}
            </td>
          </tr>
          <tr className="receipt-total">
            <th scope="row" colSpan={3}>
              Total paid
            </th>
            <td className="num" data-testid="receipt-total">
              {formatPence(receipt.totalPence)}
            </td>
          </tr>
        </tfoot>
      </table>
      {receipt.refundedPence > 0 && (
        <p className="receipt-refund">Refunded since: {formatPence(receipt.refundedPence)} (shown on the refund’s own e-mail).</p>
      )}
    </article>
  );
}

/**
 * `/account/hardware-orders/:id/receipt`: a desk-phone order's VAT receipt, made for printing.
 * A signed-out visitor is sent to sign in and comes back here (AccountGate).
 */
export function HardwareReceiptPage() {
  const location = useLocation();
  const meta = <PageMeta title="VAT receipt" description="The VAT receipt of your desk phone order." path={location.pathname} noIndex />;
  return (
    <>
      {meta}
      <AccountGate>{() => <ReceiptLoader />}</AccountGate>
    </>
  );
}

function ReceiptLoader() {
  const { id = '' } = useParams();
  const location = useLocation();
  const receipt = useGetHardwareReceiptQuery(id);
  const loaded: Loaded = receipt.data
    ? { name: 'loaded', receipt: receipt.data }
    : receipt.isError
      ? failureOf(receipt.error)
      : { name: 'loading' };

  return (
    <div className="container receipt-page">
      <p className="receipt-nav">
        <Link to="/account">Back to your account</Link>
      </p>
      {loaded.name === 'loading' && (
        <p className="muted" role="status">
          {receiptMessages.loading}
        </p>
      )}
      {loaded.name === 'signedOut' && (
        <>
          <h1>VAT receipt</h1>
          <p role="alert">Please sign in to your account to see this receipt.</p>
          <Link className="button button-primary" to={`/account/sign-in?next=${encodeURIComponent(location.pathname)}`}>
            Sign in
          </Link>
        </>
      )}
      {loaded.name === 'failed' && (
        <>
          <h1>VAT receipt</h1>
          <p className="form-banner" role="alert">
            {loaded.message}
          </p>
        </>
      )}
      {loaded.name === 'loaded' && (
        <>
          <div className="receipt-actions">
            <button type="button" className="button button-primary" onClick={() => window.print()}>
              Print
            </button>
          </div>
          <ReceiptDocument receipt={loaded.receipt} />
        </>
      )}
    </div>
  );
}
