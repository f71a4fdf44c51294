// Spec section 5, the chip input for lists of values: typed values are trimmed, duplicates ignored,
// values outside the offered list refused unless addValueOutOfList, autocomplete by case-insensitive
// prefix (debounced 150 ms, spec section 9), and Enter, comma and semicolon add a chip.

/** Spec section 9: autocomplete waits this long after the last key. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 150;

/** Keys that turn the typed text into a chip (spec section 5). */
export const CHIP_SEPARATOR_KEYS: readonly string[] = ['Enter', ',', ';'];

/** Pasted or typed text holding several values splits on the separator characters. */
const SEPARATORS = /[,;\n\r]/;

export interface ChipRules {
  /** Values offered by autocomplete; with addValueOutOfList false, the only ones accepted. */
  options?: readonly string[];
  /** Whether a value not among the options may be added; true by default. */
  addValueOutOfList?: boolean;
  /** A check of its own for each value (e.g. regular-expression syntax): a problem refuses the value. */
  checkValue?: (value: string) => string | undefined;
}

export type ChipRefusal = { value: string; reason: 'out-of-list' } | { value: string; reason: 'invalid'; problem: string };

export interface ChipAddition {
  values: string[];
  /** The first value refused, if any; it stays in the input so that it can be corrected. */
  refused?: ChipRefusal;
}

/** The values in a typed or pasted text: split on separators, trimmed, blanks dropped. */
export function typedValues(text: string): string[] {
  return text
    .split(SEPARATORS)
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

function refusalOf(value: string, rules: ChipRules): ChipRefusal | undefined {
  const { options, addValueOutOfList = true, checkValue } = rules;
  if (!addValueOutOfList && !(options ?? []).includes(value)) return { value, reason: 'out-of-list' };
  const problem = checkValue?.(value);
  return problem === undefined ? undefined : { value, reason: 'invalid', problem };
}

/** Adds the values of a typed text to a list, keeping its order; duplicates are ignored. */
export function addTypedValues(current: readonly string[], text: string, rules: ChipRules = {}): ChipAddition {
  const values = [...current];
  for (const value of typedValues(text)) {
    if (values.includes(value)) continue;
    const refused = refusalOf(value, rules);
    if (refused) return { values, refused };
    values.push(value);
  }
  return { values };
}

/** Options starting with the typed text, whatever its case, that are not chosen yet. */
export function suggestionsFor(options: readonly string[], chosen: readonly string[], text: string): string[] {
  const prefix = text.trim().toLowerCase();
  return options.filter((option) => !chosen.includes(option) && option.toLowerCase().startsWith(prefix));
}

/** A required list with no value in it is the only list error (spec section 5: empty-list error). */
export function isMissingRequiredList(values: readonly string[], required: boolean): boolean {
  return required && values.length === 0;
}
