import { useDebouncedValue } from '../table/use-debounced-value';
import { AUTOCOMPLETE_DEBOUNCE_MS, suggestionsFor } from './chip-input-rules';

/** The options to offer for the text being typed, once typing paused for 150 ms (spec section 9). */
export function useChipSuggestions(options: readonly string[] | undefined, chosen: readonly string[], text: string): string[] {
  const settledText = useDebouncedValue(text, AUTOCOMPLETE_DEBOUNCE_MS);
  // Until the debounce settles, the list stays as it was for the previous text (none while typing starts).
  if (!options || options.length === 0 || settledText !== text) return [];
  return suggestionsFor(options, chosen, settledText);
}
