import { vi } from 'vitest';

/**
 * jsdom has no layout: answers media queries as a screen of the given width would, for the
 * `(max-width: …px)` and `(min-width: …px)` queries the console uses.
 */
export function stubScreenWidth(width: number): void {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return { matches, addEventListener: () => undefined, removeEventListener: () => undefined };
  });
}
