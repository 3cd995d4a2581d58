import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { TextField } from '../../../../components/account-form/text-field';
import { openExternal } from '../../../../lib/full-page-load';
import { PARTNER_ROLES, partnerRoles } from './partner-data';
import {
  applicationMailto,
  emptyApplication,
  partnerMessages,
  validateApplication,
  type PartnerApplication,
  type PartnerErrors,
  type PartnerField,
} from './partner-application';

const CLIENT_COUNTS = ['1 to 10', '11 to 50', '51 to 200', 'More than 200'];

/**
 * The partner application: checked in the browser, then handed to the visitor's mail client
 * addressed to sales (no server call), with an alert saying so; the form then clears.
 */
export function PartnerApplicationForm() {
  const [form, setForm] = useState<PartnerApplication>(emptyApplication);
  const [errors, setErrors] = useState<PartnerErrors>({});
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  // After a refused send, the first field in error takes the focus (once its mark has rendered).
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const update = (field: PartnerField) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    // A field's error clears when it is edited.
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateApplication(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setRefusals((count) => count + 1);
      return;
    }
    openExternal(applicationMailto(form));
    window.alert(partnerMessages.sent);
    setForm(emptyApplication);
  };

  const roleError = errors.role;
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <form ref={formRef} className="sp-form" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Partner application</h2>
      <p className="sp-form-note">
        Fields marked * are required. Sending opens your email program with the application filled in; nothing is stored on this website.
      </p>
      {hasErrors && (
        <p className="form-error" role="alert">
          {partnerMessages.banner}
        </p>
      )}
      <div className="form-grid">
        <TextField label="Your name *" name="name" autoComplete="name" value={form.name} onChange={update('name')} error={errors.name} />
        <TextField label="Company name *" name="company" autoComplete="organization" value={form.company} onChange={update('company')} error={errors.company} />
        <TextField label="Email *" name="email" type="email" autoComplete="email" value={form.email} onChange={update('email')} error={errors.email} />
        <TextField label="Phone *" name="phone" type="tel" autoComplete="tel" value={form.phone} onChange={update('phone')} error={errors.phone} />
      </div>
      <div className={`form-field${roleError ? ' has-error' : ''}`}>
        <label htmlFor={`${id}-role`}>Partner type *</label>
        <select
          id={`${id}-role`}
          name="role"
          value={form.role}
          onChange={(event) => update('role')(event.target.value)}
          aria-invalid={roleError ? true : undefined}
          aria-describedby={roleError ? `${id}-role-error` : undefined}
        >
          <option value="">Choose a partner type</option>
          {PARTNER_ROLES.map((key) => (
            <option key={key} value={key}>
              {partnerRoles[key].name}
            </option>
          ))}
        </select>
        {roleError && (
          <p id={`${id}-role-error`} className="field-error">
            {roleError}
          </p>
        )}
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-clients`}>How many business clients do you look after?</label>
        <select id={`${id}-clients`} name="clients" value={form.clients} onChange={(event) => update('clients')(event.target.value)}>
          <option value="">Prefer not to say</option>
          {CLIENT_COUNTS.map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-message`}>Tell us about your business</label>
        <textarea id={`${id}-message`} name="message" value={form.message} onChange={(event) => update('message')(event.target.value)} />
      </div>
      <button type="submit" className="button button-primary">
        Send application
      </button>
    </form>
  );
}
