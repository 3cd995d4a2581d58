import { Component, type ErrorInfo, type ReactNode } from 'react';
import { messages } from '../messages';

interface Props {
  children: ReactNode;
  /** A new value (the next navigation) clears the error. */
  resetKey: string;
}

interface State {
  error: Error | null;
  resetKey: string;
}

function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(typeof thrown === 'string' ? thrown : 'Unknown error');
}

/** A render failure in the hardware area shows 'Something went wrong.' with the error text and stack. */
export class HardwareErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(thrown: unknown): Partial<State> {
    return { error: asError(thrown) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="hardware-notice hardware-crash" role="alert">
        <h2>{messages.renderFailed}</h2>
        <p className="hardware-crash-message">{error.message}</p>
        {error.stack && (
          <details>
            <summary>Details</summary>
            <pre>{error.stack}</pre>
          </details>
        )}
      </div>
    );
  }
}
