import { useState } from 'react';

export const copyButtonMessages = {
  copied: 'Copied',
  failed: 'Could not copy: select the value and copy it by hand.',
} as const;

/** A Copy button for one setting; says beside it whether the value reached the clipboard. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [notice, setNotice] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setNotice(copyButtonMessages.copied);
    } catch {
      setNotice(copyButtonMessages.failed);
    }
  };
  return (
    <span className="copy-value">
      <button type="button" className="button button-secondary copy-button" aria-label={`Copy ${label}`} onClick={() => void copy()}>
        Copy
      </button>
      <span className={`copy-value-notice${notice === copyButtonMessages.failed ? ' is-error' : ''}`} role="status">
        {notice}
      </span>
    </span>
  );
}
