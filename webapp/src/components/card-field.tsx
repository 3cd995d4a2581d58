import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { isCardComplete, type StripeCardElement, type StripeClient } from '../lib/stripe/stripe-js';
import './forms.css';

interface CardFieldProps {
  stripe: StripeClient | null;
  /** The mounted element (null once it is destroyed). */
  onElement: (element: StripeCardElement | null) => void;
  onCompleteChange: (complete: boolean) => void;
  /** Shown under the field: the payment's failure, or a load problem (before Stripe.js's own message). */
  error: string | null;
  label?: string;
}

/**
 * Stripe's card element mounted in a div. Only `on('change')` is used (the local stand-in calls
 * it without an event and has no `off()`); Stripe.js's own message about what was typed shows
 * under the field; the element is destroyed on unmount.
 */
export function CardField({ stripe, onElement, onCompleteChange, error, label = 'Card details' }: CardFieldProps) {
  const labelId = useId();
  const errorId = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const [typingError, setTypingError] = useState<string | null>(null);
  // The latest callbacks, for the element's listener and cleanup (the element is not recreated for them).
  const callbacks = useRef({ onElement, onCompleteChange });
  useLayoutEffect(() => {
    callbacks.current = { onElement, onCompleteChange };
  });

  useEffect(() => {
    const target = mountRef.current;
    if (!stripe || !target) return undefined;
    const element = stripe.elements().create('card');
    element.mount(target);
    element.on('change', (event) => {
      setTypingError(event?.error?.message || null);
      callbacks.current.onCompleteChange(isCardComplete(element, event));
    });
    callbacks.current.onElement(element);
    return () => {
      callbacks.current.onElement(null);
      callbacks.current.onCompleteChange(false);
      setTypingError(null);
      element.destroy();
    };
  }, [stripe]);

  const shown = error ?? typingError;
  return (
    <div className="card-field">
      <p id={labelId} className="card-field-label">
        {label}
      </p>
      <div
        ref={mountRef}
        className="card-element"
        role="group"
        aria-labelledby={labelId}
        aria-describedby={shown ? errorId : undefined}
      />
      {shown && (
        <p id={errorId} role="alert" className="form-error">
          {shown}
        </p>
      )}
    </div>
  );
}
