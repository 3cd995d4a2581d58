import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  // A thrown Response (or anything shaped like one): its status.
  if (error !== null && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    const statusText = 'statusText' in error && typeof error.statusText === 'string' ? error.statusText : '';
    return `${error.status} ${statusText}`.trim();
  }
  return 'Unknown error';
}

/** The error screen of the router's error boundaries. */
function RouteError({ error }: { error: unknown }) {
  return (
    <div className="container page-body route-error" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p className="route-error-detail">{describe(error)}</p>
      <p>
        <Link to="/">Return to the home page</Link>
      </p>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** A new location clears the error (as the router did), so the visitor can navigate away. */
  location: unknown;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  location: unknown;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failed: false, error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { failed: false, error: undefined, location: props.location };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Shows RouteError instead of its children when they throw while rendering (or a page fails to load). */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary location={useLocation()}>{children}</ErrorBoundary>;
}
