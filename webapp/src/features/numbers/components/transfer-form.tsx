import { useId, useState } from 'react';

/**
 * A number to port in: trimmed, added with isTransfer, the input cleared once the server
 * accepts it (its 422 message is shown by the page). Empty values are ignored.
 */
export function TransferForm({ onAdd, busy }: { onAdd: (value: string) => Promise<boolean>; busy?: boolean }) {
  const inputId = useId();
  const hintId = useId();
  const [value, setValue] = useState('');
  return (
    <form
      className="transfer-form"
      onSubmit={async (event) => {
        event.preventDefault();
        const trimmed = value.trim();
        if (!trimmed) {
          setValue('');
          return;
        }
        if (await onAdd(trimmed)) setValue('');
      }}
    >
      <label htmlFor={inputId}>Number to transfer</label>
      <p id={hintId} className="form-notice">
        Bring your existing UK number (01, 02, 03, 0800, 0808, 0845 or 0870). Porting is free and takes 2-3 business days.
      </p>
      <div className="transfer-row">
        <input
          id={inputId}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          aria-describedby={hintId}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          Add number
        </button>
      </div>
    </form>
  );
}
