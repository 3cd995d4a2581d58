import type { AccountOrderDetail } from '../types';

/** The order's plan and its phone numbers. */
export function OrderPlan({ order }: { order: AccountOrderDetail }) {
  return (
    <section className="account-section" aria-labelledby="order-plan">
      <h2 id="order-plan">Plan &amp; numbers</h2>
      <dl className="account-facts">
        <div>
          <dt>Plan</dt>
          <dd>{order.packageName || '—'}</dd>
        </div>
        <div>
          <dt>Users</dt>
          <dd>{order.quantity}</dd>
        </div>
        {order.billingCycle && (
          <div>
            <dt>Billing cycle</dt>
            <dd>{order.billingCycle === 'yearly' ? 'Yearly' : 'Monthly'}</dd>
          </div>
        )}
      </dl>
      <h3>Numbers</h3>
      {order.numbers.length === 0 ? (
        <p>No numbers on this order.</p>
      ) : (
        <ul className="account-numbers">
          {order.numbers.map((number) => (
            <li key={number}>{number}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
