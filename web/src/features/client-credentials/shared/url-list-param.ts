/**
 * A list filter kept in the page's URL as a comma-joined query parameter (the form the broker's list
 * calls take, ARCHITECTURE.md "API conventions"), so that e.g. /client-credentials?clientTypeList=DEVICE
 * deep links to a filtered list. Unknown values are dropped.
 */
export function readListParam<Value extends string>(params: URLSearchParams, name: string, known: readonly Value[]): Value[] {
  const listed = (params.get(name) ?? '').split(',');
  return known.filter((value) => listed.includes(value));
}

/** The URL's parameters with one list filter set; an empty list leaves the parameter out. */
export function withListParam(params: URLSearchParams, name: string, values: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  if (values.length === 0) next.delete(name);
  else next.set(name, values.join(','));
  return next;
}

/** A list filter as a request parameter: left out when empty, since an empty list would filter everything out. */
export const listOrNothing = <Value>(values: readonly Value[]): Value[] | undefined => (values.length === 0 ? undefined : [...values]);
