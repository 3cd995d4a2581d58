import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage, errorStatus } from '../../../lib/api-error';
import { useCreateHardwareMutation, useUpdateHardwareMutation } from '../api';
import { RATING_OPTIONS, toItemBody, validationMessage, type HardwareFormValues } from '../hardware-form-model';
import { messages } from '../messages';
import { BRAND_LABELS, BRANDS, ITEM_STATUSES, STATUS_LABELS, type AdminHardwareItem, type HardwareImage } from '../types';
import type { ShowFlash } from '../use-flash';
import { ImageField } from './image-field';
import { ListEditor } from './list-editor';

interface HardwareFormProps {
  /** The saved item being edited, or null for a new one. */
  editing: AdminHardwareItem | null;
  values: HardwareFormValues;
  onChange: (update: (values: HardwareFormValues) => HardwareFormValues) => void;
  /** Called after a successful save with the message to show. */
  onSaved: (message: string) => void;
  onCancel: () => void;
  flash: ShowFlash;
  /** Set while the page returns to the list after a save. */
  locked: boolean;
}

/** The server's message for a refusal it explains (422 lists the fields); the form's own otherwise. */
function saveError(error: unknown): string {
  const status = errorStatus(error);
  return status !== undefined && status >= 400 && status < 500 ? errorMessage(error, messages.saveFailed) : messages.saveFailed;
}

function Field({ label, children, id, hint }: { label: string; id: string; hint?: string; children: ReactNode }) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <span className="admin-hint">{hint}</span>}
    </div>
  );
}

/** Create or edit a hardware item. Prices are typed in pounds and sent in pence. */
export function HardwareForm({ editing, values, onChange, onSaved, onCancel, flash, locked }: HardwareFormProps) {
  const id = useId();
  const [create, { isLoading: creating }] = useCreateHardwareMutation();
  const [update, { isLoading: updating }] = useUpdateHardwareMutation();
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const saving = creating || updating;

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  const set = <K extends keyof HardwareFormValues>(key: K, value: HardwareFormValues[K]) => onChange((current) => ({ ...current, [key]: value }));
  const setImages = (change: (images: HardwareImage[]) => HardwareImage[]) => onChange((current) => ({ ...current, images: change(current.images) }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || locked) return;
    const problem = validationMessage(values);
    setError(problem);
    if (problem) return;
    try {
      const body = toItemBody(values);
      if (editing) await update({ id: editing.id, body }).unwrap();
      else await create(body).unwrap();
      onSaved(editing ? messages.updated : messages.created);
    } catch (failure) {
      setError(saveError(failure));
    }
  };

  const submitLabel = editing ? (saving ? 'Updating...' : 'Update') : saving ? 'Creating...' : 'Create';

  return (
    <form className="admin-form" onSubmit={(event) => void submit(event)} noValidate aria-label={editing ? `Edit ${editing.name}` : 'New hardware item'}>
      <fieldset className="admin-form-grid" disabled={locked}>
        <Field label="Product name" id={`${id}-name`}>
          <input id={`${id}-name`} type="text" required value={values.name} onChange={(e) => set('name', e.target.value)} />
        </Field>
        <Field label="Brand" id={`${id}-brand`}>
          <select id={`${id}-brand`} required value={values.brand} onChange={(e) => set('brand', e.target.value as HardwareFormValues['brand'])}>
            <option value="">Select a brand</option>
            {BRANDS.map((brand) => (
              <option key={brand} value={brand}>
                {BRAND_LABELS[brand]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Model" id={`${id}-model`}>
          <input id={`${id}-model`} type="text" required value={values.model} onChange={(e) => set('model', e.target.value)} />
        </Field>
        <Field label="SKU" id={`${id}-sku`}>
          <input id={`${id}-sku`} type="text" value={values.sku} onChange={(e) => set('sku', e.target.value)} />
        </Field>
        <Field label="Price (£, ex VAT)" id={`${id}-price`}>
          <input id={`${id}-price`} type="number" inputMode="decimal" step="0.01" min="0" required value={values.price} onChange={(e) => set('price', e.target.value)} />
        </Field>
        <Field label="Original price (£)" id={`${id}-original`} hint="Shown struck through when higher than the price.">
          <input id={`${id}-original`} type="number" inputMode="decimal" step="0.01" min="0" value={values.originalPrice} onChange={(e) => set('originalPrice', e.target.value)} />
        </Field>
        <Field label="Gross weight (kg)" id={`${id}-weight`}>
          <input id={`${id}-weight`} type="number" inputMode="decimal" step="0.01" min="0" value={values.grossWeight} onChange={(e) => set('grossWeight', e.target.value)} />
        </Field>
        <Field label="Rating" id={`${id}-rating`}>
          <select id={`${id}-rating`} value={values.rating} onChange={(e) => set('rating', e.target.value)}>
            {RATING_OPTIONS.map((rating) => (
              <option key={rating} value={rating}>
                {rating}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Status" id={`${id}-status`}>
          <select id={`${id}-status`} value={values.status} onChange={(e) => set('status', e.target.value as HardwareFormValues['status'])}>
            {ITEM_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </Field>
        <div className="admin-field admin-check">
          <input id={`${id}-stock`} type="checkbox" checked={values.inStock} onChange={(e) => set('inStock', e.target.checked)} />
          <label htmlFor={`${id}-stock`}>In stock</label>
        </div>
        <div className="admin-field admin-wide">
          <label htmlFor={`${id}-short`}>Short description</label>
          <input id={`${id}-short`} type="text" value={values.shortDesc} onChange={(e) => set('shortDesc', e.target.value)} />
        </div>
        <div className="admin-field admin-wide">
          <label htmlFor={`${id}-description`}>Description</label>
          <textarea id={`${id}-description`} rows={4} value={values.description} onChange={(e) => set('description', e.target.value)} />
        </div>
      </fieldset>
      <div className="admin-form-lists">
        <ListEditor legend="Features" rowLabel="Feature" addLabel="Add feature" values={values.features} onChange={(list) => set('features', list)} disabled={locked} />
        <ListEditor
          legend="Compatibility"
          rowLabel="Compatibility"
          addLabel="Add compatibility item"
          values={values.compatibility}
          onChange={(list) => set('compatibility', list)}
          disabled={locked}
        />
      </div>
      <ImageField
        brand={values.brand}
        model={values.model}
        hardwareId={editing?.id}
        images={values.images}
        onChange={setImages}
        onUploadingChange={setUploading}
        flash={flash}
        disabled={locked}
      />
      {error && (
        <p className="form-error" role="alert" tabIndex={-1} ref={errorRef}>
          {error}
        </p>
      )}
      <div className="admin-form-actions">
        <button type="submit" className="button button-primary" disabled={saving || uploading || locked}>
          {submitLabel}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
