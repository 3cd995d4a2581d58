import { useEffect, useRef } from 'react';

interface ListEditorProps {
  legend: string;
  /** Names one row, e.g. 'Feature' gives 'Feature 1', 'Remove feature 1'. */
  rowLabel: string;
  addLabel: string;
  values: string[];
  onChange: (values: string[]) => void;
  disabled?: boolean;
}

/** Text rows that can be added and removed; there is always at least one row. */
export function ListEditor({ legend, rowLabel, addLabel, values, onChange, disabled = false }: ListEditorProps) {
  const rows = values.length > 0 ? values : [''];
  const listRef = useRef<HTMLOListElement>(null);
  const focusLast = useRef(false);

  useEffect(() => {
    if (!focusLast.current) return;
    focusLast.current = false;
    const inputs = listRef.current?.querySelectorAll('input');
    inputs?.[inputs.length - 1]?.focus();
  }, [rows.length]);

  const update = (index: number, value: string) => onChange(rows.map((row, i) => (i === index ? value : row)));
  const remove = (index: number) => {
    const left = rows.filter((_, i) => i !== index);
    onChange(left.length > 0 ? left : ['']);
  };
  const add = () => {
    focusLast.current = true;
    onChange([...rows, '']);
  };

  return (
    <fieldset className="admin-list-editor" disabled={disabled}>
      <legend>{legend}</legend>
      <ol ref={listRef}>
        {rows.map((row, index) => (
          // Rows have no identity of their own (controlled inputs): the index is their place.
          <li key={index}>
            <input type="text" aria-label={`${rowLabel} ${index + 1}`} value={row} onChange={(event) => update(index, event.target.value)} />
            <button
              type="button"
              className="admin-icon-button"
              aria-label={`Remove ${rowLabel.toLowerCase()} ${index + 1}`}
              onClick={() => remove(index)}
              disabled={rows.length === 1}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="button button-secondary admin-small-button" onClick={add}>
        <span aria-hidden="true">+</span> {addLabel}
      </button>
    </fieldset>
  );
}
