import { vi } from 'vitest';

/**
 * jsdom has no colour scheme: answers `(prefers-color-scheme: dark)` as an operating system set to
 * dark or light would, and tells the listeners when the test switches it (other queries never match).
 */
export function stubSystemColourScheme(initiallyDark: boolean): { setDark(dark: boolean): void } {
  let dark = initiallyDark;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' && dark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    setDark(next: boolean) {
      dark = next;
      listeners.forEach((listener) => listener());
    },
  };
}
