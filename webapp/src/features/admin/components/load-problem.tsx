import type { ReactNode } from 'react';

interface LoadProblemProps {
  message: string;
  /** Asks again ("Try again"), unless `children` offer another way on. */
  onRetry?: () => void;
  children?: ReactNode;
}

/** A staff page's data that could not be loaded: what went wrong and the way on (Try again by default). */
export function LoadProblem({ message, onRetry, children }: LoadProblemProps) {
  return (
    <div className="admin-problem" role="alert">
      <p>{message}</p>
      {children ??
        (onRetry && (
          <button type="button" className="button button-secondary" onClick={onRetry}>
            Try again
          </button>
        ))}
    </div>
  );
}
