/** Case-insensitive "contains" for list filters; undefined when there is nothing to search for. */
export function containsIgnoringCase(text: string | undefined): ((value: string) => boolean) | undefined {
  const search = text?.trim();
  if (!search) return undefined;
  // One compiled expression beats lower-casing every value on every request.
  const pattern = new RegExp(search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  return (value) => pattern.test(value);
}

/** "A,B" from a comma-joined list parameter (spec section 7); undefined when not given. */
export function commaList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const items = value.split(',').map((item) => item.trim()).filter(Boolean);
  return items.length > 0 ? items : undefined;
}
