import { useId, useRef } from 'react';
import { AdminModal } from './admin-modal';

interface ConfirmDialogProps {
  title: string;
  message: string;
  /** The confirming button's text, e.g. 'Release number'. */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a change that cannot be undone. Cancel has the focus, so Enter alone never confirms. */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <AdminModal labelledBy={titleId} onClose={onCancel} initialFocus={cancelRef}>
      <h2 id={titleId}>{title}</h2>
      <p id={messageId}>{message}</p>
      <div className="admin-form-actions">
        <button type="button" className="button button-secondary" onClick={onCancel} ref={cancelRef}>
          Cancel
        </button>
        <button type="button" className="button button-secondary admin-danger" onClick={onConfirm} aria-describedby={messageId}>
          {confirmLabel}
        </button>
      </div>
    </AdminModal>
  );
}
