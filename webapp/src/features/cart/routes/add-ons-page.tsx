import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { StepPath } from '../../../components/step-path';
import type { BillingCycle, Cart, Catalogue, CatalogueAddOn } from '../../../lib/api-types';
import { errorMessage } from '../../../lib/api-error';
import { findPlan, useCatalogue } from '../../../lib/catalogue';
import { cycleWord, formatPence } from '../../../lib/format-money';
import { useAddAddOnMutation, useRemoveAddOnMutation, useSetBillingCycleMutation, useSetTopUpMutation } from '../api';
import { BillingToggle } from '../../../components/billing-toggle';
import { useCart } from '../use-cart';
import { OrderSummary } from '../components/order-summary';

export function AddOnsPage() {
  const navigate = useNavigate();
  const { cart, isLoading, isError } = useCart();
  const catalogueQuery = useCatalogue();
  const hasItems = (cart?.items.length ?? 0) > 0;
  const waiting = isLoading || (isError && !cart);

  useEffect(() => {
    // An empty cart (or one whose package was just removed) goes back to the plans.
    if (!waiting && !hasItems) navigate('/pricing', { replace: true });
  }, [waiting, hasItems, navigate]);

  return (
    <>
      <PageMeta
        title="Choose your add-ons"
        description="Add call recording, auto-attendant, music on hold and more to your phone plan."
        path="/add-ons"
        noIndex
      />
      <div className="container page-body">
        <StepPath current="Add-ons" />
        <h1>Customise your plan</h1>
        {isError && !cart && <p role="alert">We could not load your cart. Please refresh the page.</p>}
        {isLoading && <p className="loading">Loading your cart…</p>}
        {cart && hasItems && <AddOnsContent cart={cart} catalogue={catalogueQuery.data} catalogueError={catalogueQuery.error} />}
      </div>
    </>
  );
}

function AddOnsContent({ cart, catalogue, catalogueError }: { cart: Cart; catalogue: Catalogue | undefined; catalogueError: unknown }) {
  const plan = findPlan(catalogue, cart.package);
  const cycle: BillingCycle = cart.billingCycle ?? 'monthly';
  const packageItem = cart.items.find((item) => item.type === 'package');

  return (
    <div className="add-ons-layout">
      <div className="add-ons-main">
        {packageItem && (
          <p className="chosen-package">
            Your plan: <strong>{packageItem.name}</strong>, billed {cycle}.
          </p>
        )}
        <CycleSwitch cycle={cycle} discountPercent={catalogue?.yearlyDiscountPercent ?? 20} />
        <section aria-labelledby="add-ons-heading" className="panel">
          <h2 id="add-ons-heading">Add-ons</h2>
          {!catalogue && !catalogueError && <p className="loading">Loading add-ons…</p>}
          {!catalogue && catalogueError !== undefined && <p role="alert">{errorMessage(catalogueError, 'Add-ons could not be loaded.')}</p>}
          {plan && plan.addOns.length === 0 && (
            <p>No add-ons apply to the {plan.name} plan: its call features are already included.</p>
          )}
          {plan && plan.addOns.length > 0 && (
            <ul className="add-on-list">
              {plan.addOns.map((addOn) => (
                <AddOnRow key={addOn.id} addOn={addOn} cart={cart} cycle={cycle} />
              ))}
            </ul>
          )}
        </section>
        {cart.package === 'payAsYouGo' && catalogue && <TopUpControl cart={cart} catalogue={catalogue} />}
        <div className="page-actions">
          <Link to="/pricing" className="button button-secondary">
            Back to Plans
          </Link>
          {/* Checkout mode: Continue on the number page comes back here. */}
          <Link
            to="/all-phone-numbers?checkout=true"
            state={{ from: '/add-ons' }}
            className={`button ${cart.phoneNumbers.length > 0 ? 'button-secondary' : 'button-primary'}`}
          >
            Continue to Phone Numbers
          </Link>
          {/* Back from the numbers with some chosen: the next step is the checkout. */}
          {cart.phoneNumbers.length > 0 && (
            <Link to="/checkout" className="button button-primary">
              Proceed to Checkout
            </Link>
          )}
        </div>
      </div>
      <OrderSummary cart={cart} vatPercent={catalogue?.vatPercent ?? 20} />
    </div>
  );
}

/** The billing cycle can be switched at any time: the server re-prices the package and add-ons. */
function CycleSwitch({ cycle, discountPercent }: { cycle: BillingCycle; discountPercent: number }) {
  const [setBillingCycle, { isLoading }] = useSetBillingCycleMutation();
  const [error, setError] = useState<string | null>(null);
  const change = async (next: BillingCycle) => {
    if (next === cycle || isLoading) return;
    setError(null);
    try {
      await setBillingCycle({ billingCycle: next }).unwrap();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <div className="cycle-switch">
      <BillingToggle cycle={cycle} discountPercent={discountPercent} onChange={change} />
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}

function AddOnRow({ addOn, cart, cycle }: { addOn: CatalogueAddOn; cart: Cart; cycle: BillingCycle }) {
  const [addAddOn, addState] = useAddAddOnMutation();
  const [removeAddOn, removeState] = useRemoveAddOnMutation();
  const [error, setError] = useState<string | null>(null);
  const inCart = cart.addOns.find((entry) => entry.id === addOn.id);
  const busy = addState.isLoading || removeState.isLoading;
  const pricePence = inCart ? inCart.pricePence : cycle === 'yearly' ? addOn.yearlyPence : addOn.monthlyPence;

  const toggle = async () => {
    setError(null);
    try {
      if (inCart) await removeAddOn({ addOnId: addOn.id }).unwrap();
      else await addAddOn({ addOnId: addOn.id }).unwrap();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <li className={`add-on-row${inCart ? ' is-selected' : ''}`}>
      <div>
        <p className="add-on-name">{addOn.name}</p>
        <p className="add-on-price">
          {inCart && inCart.originalPence > inCart.pricePence && <s>{formatPence(inCart.originalPence)}</s>}{' '}
          {formatPence(pricePence)} per {cycleWord(cycle)}
        </p>
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
      </div>
      <button
        type="button"
        className={`button ${inCart ? 'button-secondary' : 'button-primary'}`}
        aria-pressed={Boolean(inCart)}
        disabled={busy}
        onClick={toggle}
      >
        {inCart ? `Remove ${addOn.name}` : `Add ${addOn.name}`}
      </button>
    </li>
  );
}

/** Pay-as-you-go call credit: whole pounds, at least the catalogue minimum (£10). */
export function normaliseTopUpPounds(typed: string, minimumPounds: number): number | null {
  const value = Number(typed.trim());
  if (typed.trim() === '' || !Number.isFinite(value)) return null;
  return Math.max(minimumPounds, Math.round(value));
}

function TopUpControl({ cart, catalogue }: { cart: Cart; catalogue: Catalogue }) {
  const inputId = useId();
  const [setTopUp, { isLoading }] = useSetTopUpMutation();
  const minimumPounds = Math.ceil(catalogue.topUp.minimumPence / 100);
  const currentPounds = String(Math.round(cart.topUpPence / 100));
  const [draft, setDraft] = useState(currentPounds);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // A new amount from the server replaces what is typed: adjusted while rendering, not in an effect.
  const [draftFor, setDraftFor] = useState(currentPounds);
  if (draftFor !== currentPounds) {
    setDraftFor(currentPounds);
    setDraft(currentPounds);
  }

  const save = async () => {
    setError(null);
    setNotice(null);
    const pounds = normaliseTopUpPounds(draft, minimumPounds);
    if (pounds === null) {
      setDraft(currentPounds);
      setNotice('Please enter an amount in whole pounds.');
      return;
    }
    setDraft(String(pounds));
    if (String(pounds) !== draft.trim()) setNotice(`Top-up set to £${pounds} (whole pounds, minimum £${minimumPounds}).`);
    try {
      await setTopUp({ amountPence: pounds * 100 }).unwrap();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <section aria-labelledby="top-up-heading" className="panel">
      <h2 id="top-up-heading">Call credit top-up</h2>
      <p>Pay As You Go calls are paid from credit. Add at least £{minimumPounds} in whole pounds (one-time, plus VAT).</p>
      <form
        className="top-up-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label htmlFor={inputId}>Top-up amount (£)</label>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={minimumPounds}
          step={1}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button button-secondary" disabled={isLoading}>
          Update top-up
        </button>
      </form>
      {notice && <p className="form-notice">{notice}</p>}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </section>
  );
}
