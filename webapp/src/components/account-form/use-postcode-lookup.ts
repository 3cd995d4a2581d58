import { useEffect, useRef, useState } from 'react';
import { useLazyLookupAddressQuery } from '../../lib/account-form/address-api';
import { formMessages as messages } from '../../lib/account-form/messages';
import type { AddressSuggestion } from '../../lib/account-form/types';
import { isLookupLength, normalisePostcode } from '../../lib/account-form/validation';
import { errorStatus, serverErrorMessage } from '../../lib/api-error';

/** Pause after the last key before a postcode is looked up. */
const LOOKUP_DELAY_MS = 500;

/** The sentence for a failed lookup (docs/product-rules.md, Account form: Address lookup). */
function lookupErrorMessage(error: unknown): string {
  switch (errorStatus(error)) {
    case 404:
      return messages.addressNotFound;
    case 401:
      return messages.addressUnavailable;
    case 402:
      return messages.addressLimit;
    case 429:
      // Too many lookups from this connection: the server says when to try again.
      return serverErrorMessage(error, messages.addressFailed);
    default:
      return messages.addressFailed;
  }
}

export interface PostcodeLookup {
  suggestions: AddressSuggestion[];
  /** Nothing found, or the lookup failed. */
  message: string | null;
  searching: boolean;
}

const idle: PostcodeLookup = { suggestions: [], message: null, searching: false };

/**
 * The UK postcode lookup through our server, for any address form (the account form, the
 * hardware checkout's shipping address): 500 ms after the last key, for 5 to 8 characters
 * (spaces removed, upper case), only while `enabled`; a newer postcode aborts the request
 * before it and a stale answer is never shown.
 */
export function usePostcodeLookup(typed: string, enabled: boolean): PostcodeLookup {
  const [lookup, setLookup] = useState<PostcodeLookup>(idle);
  const [trigger] = useLazyLookupAddressQuery();
  const pending = useRef<{ abort: () => void } | null>(null);
  const postcode = normalisePostcode(typed);
  const lookingUp = enabled && isLookupLength(postcode);

  // No lookup (not wanted, or not a postcode's length): nothing found, nothing searching.
  // Adjusted while rendering (the effect below has already cancelled any request).
  if (!lookingUp && lookup !== idle) setLookup(idle);

  useEffect(() => {
    if (!lookingUp) return undefined;
    const timer = window.setTimeout(() => {
      const request = trigger(postcode, true);
      pending.current = request;
      setLookup((current) => ({ ...current, searching: true, message: null }));
      request
        .unwrap()
        .then((suggestions) => {
          if (pending.current !== request) return;
          setLookup(
            suggestions.length > 0
              ? { suggestions, message: null, searching: false }
              : { suggestions: [], message: messages.addressNotFound, searching: false },
          );
        })
        .catch((error: unknown) => {
          // An aborted (stale) request says nothing.
          if (pending.current !== request) return;
          setLookup({ suggestions: [], message: lookupErrorMessage(error), searching: false });
        })
        .finally(() => {
          if (pending.current === request) pending.current = null;
        });
    }, LOOKUP_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      const stale = pending.current;
      pending.current = null;
      stale?.abort();
    };
  }, [postcode, lookingUp, trigger]);

  return lookup;
}
