import { useEffect, useId, useRef } from 'react';
import { isCardComplete, type StripeCardElement, type StripeClient } from '../stripe-js';

interface CardFieldProps {
  stripe: StripeClient | null;
  /** The mounted element (null once it is destroyed). */
  onElement: (element: StripeCardElement | null) => void;
  onCompleteChange: (complete: boolean) => void;
  /** Shown under the field: the payment's failure, or a load problem. */
  error: string | null;
}

/**
 * Stripe's card element mounted in a div. Only `on('change')` is used (the local stand-in calls
 * it without an event and has no `off()`); the element is destroyed on unmount.
 */
export function CardField({ stripe, onElement, onCompleteChange, error }: CardFieldProps) {
  const labelId = useId();
  const errorId = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onElement, onCompleteChange });
  callbacks.current = { onElement, onCompleteChange };

  useEffect(() => {
    const target = mountRef.current;
    if (!stripe || !target) return undefined;
    const element = stripe.elements().create('card');
    element.mount(target);
    element.on('change', (event) => callbacks.current.onCompleteChange(isCardComplete(element, event)));
    callbacks.current.onElement(element);
    return () => {
      callbacks.current.onElement(null);
      callbacks.current.onCompleteChange(false);
      element.destroy();
    };
  }, [stripe]);

  return (
    <div className="card-field">
      <p id={labelId} className="card-field-label">
        Card details
      </p>
      <div
        ref={mountRef}
        className="card-element"
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}
