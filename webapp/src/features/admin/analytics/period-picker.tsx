import { useState, type FormEvent } from 'react';
import { PRESETS, rangeProblem, type Period } from './period';

interface PeriodPickerProps {
  period: Period;
  today: string;
  choose: (period: Period) => void;
  choosePreset: (days: (typeof PRESETS)[number]) => void;
}

/** The last 7, 30 or 90 days at a press, or any days from one date to another. */
export function PeriodPicker({ period, today, choose, choosePreset }: PeriodPickerProps) {
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = rangeProblem(from, to);
    setProblem(wrong);
    if (!wrong) choose({ kind: 'range', from, to });
  };

  return (
    <div className="analytics-period">
      <div className="analytics-presets" role="group" aria-label="Quick periods">
        {PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            className="button button-secondary admin-small-button"
            aria-pressed={period.kind === 'preset' && period.days === days}
            onClick={() => {
              setProblem(null);
              choosePreset(days);
            }}
          >
            Last {days} days
          </button>
        ))}
      </div>
      <form className="analytics-range" onSubmit={submit} noValidate>
        <div className="admin-field">
          <label htmlFor="analytics-from">From</label>
          <input id="analytics-from" type="date" value={from} max={today} onChange={(event) => setFrom(event.target.value)} />
        </div>
        <div className="admin-field">
          <label htmlFor="analytics-to">To</label>
          <input id="analytics-to" type="date" value={to} max={today} onChange={(event) => setTo(event.target.value)} />
        </div>
        <button type="submit" className="button button-primary admin-small-button">
          Show these days
        </button>
        {problem && (
          <p className="form-error analytics-range-problem" role="alert">
            {problem}
          </p>
        )}
      </form>
    </div>
  );
}
