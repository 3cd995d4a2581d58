import { useCallback, useEffect, useState } from 'react';

/** How long a message banner stays. */
export const FLASH_MS = 3000;

export type FlashKind = 'success' | 'error';

interface Flash {
  kind: FlashKind;
  text: string;
}

export type ShowFlash = (kind: FlashKind, text: string) => void;

/** A transient message banner: each message replaces the last and clears after 3 s. */
export function useFlash() {
  const [flash, setFlash] = useState<Flash | null>(null);
  useEffect(() => {
    if (!flash) return undefined;
    const timer = window.setTimeout(() => setFlash(null), FLASH_MS);
    return () => window.clearTimeout(timer);
  }, [flash]);
  const show = useCallback<ShowFlash>((kind, text) => setFlash({ kind, text }), []);
  return { flash, show };
}
