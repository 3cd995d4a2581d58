interface StepProgressProps {
  /** The steps' titles, in order. */
  steps: readonly string[];
  /** The current step, from 1. */
  current: number;
  /** The navigation's accessible name. */
  label: string;
}

/** A checkout's numbered steps: the done ones ticked, the current one marked `aria-current="step"`. */
export function StepProgress({ steps, current, label }: StepProgressProps) {
  return (
    <nav aria-label={label} className="step-path">
      <ol>
        {steps.map((title, index) => {
          const number = index + 1;
          return (
            <li
              key={title}
              className={number < current ? 'is-done' : number === current ? 'is-current' : undefined}
              aria-current={number === current ? 'step' : undefined}
            >
              <span className="step-number" aria-hidden="true">
                {number < current ? '✓' : number}
              </span>
              <span className="step-label">{title}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
