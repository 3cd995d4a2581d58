import type { AccountExtension, AccountOrderDetail } from '../types';
import { ExtensionPasswordReset } from './extension-password-reset';

/** One extension: its number, SIP username and whether a phone is registered with it now. */
function ExtensionRow({ orderId, extension }: { orderId: string; extension: AccountExtension }) {
  return (
    <li className="account-card account-extension">
      <div>
        <span className="account-card-title">Extension {extension.number}</span>
        <p className="account-meta">SIP username {extension.username}</p>
      </div>
      <span className={`account-status account-status-${extension.registered ? 'good' : 'neutral'}`}>
        {extension.registered ? 'Registered' : 'Not registered yet'}
      </span>
      <ExtensionPasswordReset ownerId={orderId} number={extension.number} />
    </li>
  );
}

/** The order's extensions, each with "Registered" or "Not registered yet". */
export function OrderExtensions({ order }: { order: AccountOrderDetail }) {
  return (
    <section className="account-section" aria-labelledby="order-extensions">
      <h2 id="order-extensions">Extensions</h2>
      {order.extensions.length === 0 ? (
        <p>No extensions yet: they are made once the order is paid.</p>
      ) : (
        <>
          <p className="account-meta">
            Connect a phone to {order.sipServer.domain}
            {order.sipServer.port ? `:${order.sipServer.port}` : ''} with an extension&apos;s SIP username and password.
          </p>
          <ul className="account-list">
            {order.extensions.map((extension) => (
              <ExtensionRow key={extension.number} orderId={order.id} extension={extension} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
