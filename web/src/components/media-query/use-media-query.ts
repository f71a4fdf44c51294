import { useCallback, useSyncExternalStore } from 'react';
import { type BreakpointChoices, mediaQueryOf } from './breakpoints';

function subscribeTo(queries: readonly string[], onChange: () => void): () => void {
  const lists = queries.map((query) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

/** Whether the media query matches now; re-renders when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback((onChange: () => void) => subscribeTo([query], onChange), [query]);
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/**
 * The choice of the first breakpoint the screen matches (see chooseForWidth), else the fallback;
 * re-renders when that changes. `choices` should be a constant: its queries are watched.
 */
export function useBreakpointChoice<T>(choices: BreakpointChoices<T>, fallback: T): T {
  const subscribe = useCallback((onChange: () => void) => subscribeTo(choices.map(([breakpoint]) => mediaQueryOf(breakpoint)), onChange), [choices]);
  const index = useSyncExternalStore(subscribe, () => choices.findIndex(([breakpoint]) => window.matchMedia(mediaQueryOf(breakpoint)).matches));
  return index === -1 ? fallback : (choices[index]?.[1] ?? fallback);
}
