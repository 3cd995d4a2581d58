import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { BRANDS, type BrandTab } from './types';
import { useHydrated } from '../../lib/use-hydrated';

interface HardwareHash {
  tab: BrandTab;
  /** From `#{brand}-{id}`: the product to scroll to and highlight. */
  productId: string | null;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Reads the page's hash: `#yealink` selects a brand, `#yealink-{id}` a brand and
 * one of its products; anything else (none, `#all`, an unknown word) means All.
 */
export function parseHardwareHash(hash: string): HardwareHash {
  const value = decode(hash.replace(/^#/, '')).trim();
  const lower = value.toLowerCase();
  for (const brand of BRANDS) {
    if (lower === brand) return { tab: brand, productId: null };
    if (lower.startsWith(`${brand}-`)) return { tab: brand, productId: value.slice(brand.length + 1) || null };
  }
  return { tab: 'all', productId: null };
}

/** The hash of a product's own link, e.g. for /hardware#yealink-{id}. */
export function productHash(brand: string, id: string): string {
  return `#${brand}-${id}`;
}

/**
 * The tab and product of the current location's hash, read on every change (header links
 * such as /hardware#yealink switch the tab), and `selectTab`, which writes the tab there.
 * `visit` changes with each navigation, so following the same product link again highlights again.
 */
export function useHardwareHash() {
  const location = useLocation();
  const navigate = useNavigate();
  // The server has no hash: the page hydrates as it was rendered (every brand), then follows it.
  const hydrated = useHydrated();
  const parsed = parseHardwareHash(hydrated ? location.hash : '');
  const { pathname, search } = location;
  const selectTab = useCallback(
    (tab: BrandTab) => navigate({ pathname, search, hash: tab }),
    [navigate, pathname, search],
  );
  return { ...parsed, visit: location.key, selectTab };
}
