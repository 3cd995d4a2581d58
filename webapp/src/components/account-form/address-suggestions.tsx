import type { AddressSuggestion } from '../../lib/account-form/types';
import type { PostcodeLookup } from './use-postcode-lookup';

/** The addresses a postcode lookup found, each a button that fills the address lines. */
function AddressSuggestions({
  suggestions,
  onChoose,
}: {
  suggestions: AddressSuggestion[];
  onChoose: (suggestion: AddressSuggestion) => void;
}) {
  if (suggestions.length === 0) return null;
  return (
    <ul className="address-suggestions" aria-label="Address suggestions">
      {suggestions.map((suggestion) => (
        <li key={suggestion.id}>
          <button type="button" className="address-suggestion" onClick={() => onChoose(suggestion)}>
            {suggestion.formatted}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Where a postcode lookup stands: searching, its message (nothing found, or it failed) and the
 * addresses found. `urgentMessage`: the message is an error the form cannot go on without (an
 * alert) rather than a hint beside fields the buyer can fill in by hand (a status).
 */
export function PostcodeLookupResults({
  lookup,
  onChoose,
  urgentMessage = false,
}: {
  lookup: PostcodeLookup;
  onChoose: (suggestion: AddressSuggestion) => void;
  urgentMessage?: boolean;
}) {
  return (
    <>
      {lookup.searching && (
        <p role="status" className="muted">
          Looking up addresses…
        </p>
      )}
      {lookup.message && (
        <p role={urgentMessage ? 'alert' : 'status'} className={urgentMessage ? 'form-error' : 'muted'}>
          {lookup.message}
        </p>
      )}
      <AddressSuggestions suggestions={lookup.suggestions} onChoose={onChoose} />
    </>
  );
}
