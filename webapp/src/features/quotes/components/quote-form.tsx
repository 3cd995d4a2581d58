import { useId, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/account-form/text-field';
import { errorStatus, serverErrorText } from '../../../lib/api-error';
import { formMessages } from '../../../lib/account-form/messages';
import { useRequestQuoteMutation } from '../api';
import { emptyQuoteForm, MAX_SITES, quoteMessages, quoteRequestBody, validateQuote } from '../quote-rules';
import { LINE_SPEEDS, PRODUCT_LABELS, QUOTE_PRODUCTS, SPEED_LABELS, type QuoteErrors, type QuoteField, type QuoteForm as Form, type QuoteProduct, type QuoteReceived } from '../types';

function fieldErrorsOf(error: unknown): QuoteErrors | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const data = (error as { data: unknown }).data as { fieldErrors?: QuoteErrors } | undefined;
  return data?.fieldErrors ?? null;
}

/** The quote request form: checked here as on the server; on success, when to expect the reply. */
export function QuoteForm({ initialProduct = '', initialMessage = '' }: { initialProduct?: QuoteProduct | ''; initialMessage?: string }) {
  const [form, setForm] = useState<Form>(() => emptyQuoteForm(initialProduct, initialMessage));
  const [errors, setErrors] = useState<QuoteErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [received, setReceived] = useState<QuoteReceived | null>(null);
  const [requestQuote, { isLoading }] = useRequestQuoteMutation();
  const ids = { product: useId(), speed: useId(), message: useId(), honeypot: useId() };

  const edit = (field: keyof Form) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (field !== 'website') setErrors((current) => ({ ...current, [field as QuoteField]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateQuote(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setBanner(formMessages.formBanner);
      return;
    }
    setBanner(null);
    try {
      setReceived(await requestQuote(quoteRequestBody(form)).unwrap());
    } catch (error) {
      const fromServer = fieldErrorsOf(error);
      if (fromServer) setErrors(fromServer);
      setBanner(
        errorStatus(error) === 429
          ? 'You have sent several requests in a short time. Please wait an hour, or call us.'
          : (serverErrorText(error) ?? quoteMessages.sendFailed),
      );
    }
  };

  if (received) {
    return (
      <div className="panel quote-received" role="status">
        <h2>Thank you: we have your request</h2>
        <p>
          Our sales team will reply to {form.email.trim()} {received.replyPromise}. We have e-mailed you a copy of what you sent.
        </p>
      </div>
    );
  }

  const line = form.product === 'leasedLine';
  return (
    <form className="panel quote-form" noValidate onSubmit={onSubmit} aria-label="Request a quote">
      {banner && (
        <p className="form-banner" role="alert">
          {banner}
        </p>
      )}
      <fieldset className="form-section" aria-describedby={errors.product ? `${ids.product}-error` : undefined}>
        <legend>What would you like a quote for?</legend>
        <div className="quote-products">
          {QUOTE_PRODUCTS.map((product) => (
            <label key={product} className="quote-product">
              <input type="radio" name="product" value={product} checked={form.product === product} onChange={() => edit('product')(product)} />
              {PRODUCT_LABELS[product]}
            </label>
          ))}
        </div>
        {errors.product && (
          <p id={`${ids.product}-error`} className="field-error">
            {errors.product}
          </p>
        )}
      </fieldset>
      {line && (
        <fieldset className="form-section">
          <legend>Your leased line</legend>
          <div className="form-grid">
            <div className={`form-field${errors.speed ? ' has-error' : ''}`}>
              <label htmlFor={ids.speed}>Speed</label>
              <select
                id={ids.speed}
                value={form.speed}
                onChange={(event) => edit('speed')(event.target.value)}
                aria-invalid={errors.speed ? true : undefined}
                aria-describedby={errors.speed ? `${ids.speed}-error` : undefined}
              >
                <option value="">Choose a speed</option>
                {LINE_SPEEDS.map((speed) => (
                  <option key={speed} value={speed}>
                    {SPEED_LABELS[speed]}
                  </option>
                ))}
              </select>
              {errors.speed && (
                <p id={`${ids.speed}-error`} className="field-error">
                  {errors.speed}
                </p>
              )}
            </div>
            <TextField label="Number of sites" type="number" min={1} max={MAX_SITES} inputMode="numeric" value={form.sites} onChange={edit('sites')} error={errors.sites} />
          </div>
        </fieldset>
      )}
      <fieldset className="form-section">
        <legend>Your details</legend>
        <div className="form-grid">
          <TextField label="Name" autoComplete="name" value={form.name} onChange={edit('name')} error={errors.name} />
          <TextField label="Company" autoComplete="organization" value={form.company} onChange={edit('company')} error={errors.company} />
          <TextField label="Email" type="email" autoComplete="email" value={form.email} onChange={edit('email')} error={errors.email} />
          <TextField label="Phone" type="tel" autoComplete="tel" value={form.phone} onChange={edit('phone')} error={errors.phone} />
          <TextField label="Postcode" autoComplete="postal-code" value={form.postcode} onChange={edit('postcode')} error={errors.postcode} hint={line ? 'Of the main site' : undefined} />
        </div>
        <div className={`form-field${errors.message ? ' has-error' : ''}`}>
          <label htmlFor={ids.message}>Anything else we should know (optional)</label>
          <textarea
            id={ids.message}
            rows={4}
            value={form.message}
            onChange={(event) => edit('message')(event.target.value)}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? `${ids.message}-error` : undefined}
          />
          {errors.message && (
            <p id={`${ids.message}-error`} className="field-error">
              {errors.message}
            </p>
          )}
        </div>
      </fieldset>
      {/* People never see or reach this field; a robot that fills it in is quietly ignored. */}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor={ids.honeypot}>Website</label>
        <input id={ids.honeypot} name="website" tabIndex={-1} autoComplete="off" value={form.website} onChange={(event) => edit('website')(event.target.value)} />
      </div>
      <button type="submit" className="button button-primary" disabled={isLoading}>
        {isLoading ? 'Sending…' : 'Request my quote'}
      </button>
    </form>
  );
}
