import { useId, useState } from 'react';
import { formatMinutes, includedUkMinutes } from '../../../config/plan-minutes';

type Cell = string | boolean;

const rows: { feature: string; values: [Cell, Cell, Cell] }[] = [
  { feature: 'Users', values: ['1', '1 per licence', 'Blocks of 4'] },
  { feature: 'Included UK minutes', values: ['Pay per call', formatMinutes(includedUkMinutes.singleUser), `${formatMinutes(includedUkMinutes.multiUser)} per block`] },
  { feature: 'Free UK numbers', values: ['0', '1', '2'] },
  { feature: 'Extensions', values: ['1', '1', 'Unlimited'] },
  { feature: 'Voicemail to email', values: [true, true, true] },
  { feature: 'Mobile and desktop apps', values: [true, true, true] },
  { feature: 'Call forwarding and routing', values: ['Add-on', true, true] },
  { feature: 'Call recording', values: [false, 'Add-on', true] },
  { feature: 'Auto-attendant (IVR)', values: [false, 'Add-on', true] },
  { feature: 'Music on hold', values: [false, 'Add-on', true] },
  { feature: 'Ring groups and queues', values: [false, false, true] },
  { feature: 'Inclusive international calls', values: [false, false, true] },
  { feature: 'Free number porting', values: [true, true, true] },
  { feature: 'UK-based support', values: [true, true, true] },
];

function renderCell(value: Cell) {
  if (value === true) return <span aria-label="Included">✓</span>;
  if (value === false) return <span aria-label="Not included">—</span>;
  return value;
}

/** Collapsible 'Compare All Features' table. */
export function CompareFeatures() {
  const [open, setOpen] = useState(false);
  const tableId = useId();
  return (
    <section id="compare" className="section compare-features" aria-labelledby={`${tableId}-heading`}>
      <h2 id={`${tableId}-heading`}>Compare plans side by side</h2>
      <button
        type="button"
        className="button button-secondary"
        aria-expanded={open}
        aria-controls={tableId}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide All Features' : 'Compare All Features'}
      </button>
      <div id={tableId} hidden={!open} className="table-scroll">
        <table className="data-table">
          <caption className="visually-hidden">Features of each plan</caption>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              <th scope="col">Pay As You Go</th>
              <th scope="col">Single User</th>
              <th scope="col">Multi User</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.feature}>
                <th scope="row">{row.feature}</th>
                {row.values.map((value, index) => (
                  <td key={index}>{renderCell(value)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
