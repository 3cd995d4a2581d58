import { useId } from 'react';
import type { Country } from '../types';

interface SelectFieldProps {
  label: string;
  value: string;
  options: Country[];
  onChange: (value: string) => void;
  error?: string;
  autoComplete?: string;
}

/** A labelled country dropdown with its error under it (aria-invalid and described by the error), like TextField. */
export function SelectField({ label, value, options, onChange, error, autoComplete }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
