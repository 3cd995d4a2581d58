import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';

interface AdminModalProps {
  /** The id of the dialog's heading. */
  labelledBy: string;
  onClose: () => void;
  /** Focused when the dialog opens; focus goes back to the opener when it closes. */
  initialFocus: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * The staff area's modal (at most 600px wide) over a backdrop. Escape and the backdrop close it;
 * focus moves into it on opening and back to what opened it on closing.
 */
export function AdminModal({ labelledBy, onClose, initialFocus, children }: AdminModalProps) {
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    initialFocus.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [initialFocus]);

  return (
    <div className="admin-modal-backdrop" onClick={onClose}>
      <div className="admin-modal" role="dialog" aria-modal="true" aria-labelledby={labelledBy} onClick={(event) => event.stopPropagation()}>
        {children}
      </div>
    </div>
  );
}
