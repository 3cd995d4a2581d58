import type { AddressSuggestion } from '../../lib/account-form/types';

/** The addresses a postcode lookup found, each a button that fills the address lines. */
export function AddressSuggestions({
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
