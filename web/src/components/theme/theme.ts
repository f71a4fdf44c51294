import { useSyncExternalStore } from 'react';

/** What the user chose in the profile: the operating system's scheme, or one of the two themes. */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/**
 * Per browser. public/theme-init.js reads the same key before the first paint: keep the two alike.
 */
export const THEME_STORAGE_KEY = 'starling.theme';

/**
 * Blueprint's Classes.DARK, on <html>: its dark styles then reach every portal (dialogs, popovers,
 * toasts, drawers) as well as the page, and the console's own colours switch with it (main.css).
 * Written out rather than imported, so the sign-in route does not load Blueprint for one string.
 */
export const DARK_CLASS = 'bp6-dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export const isThemeChoice = (value: unknown): value is ThemeChoice => typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);

/** The stored choice; 'system' when none is stored (or storage refuses to answer). */
export function readThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function hasStoredChoice(): boolean {
  try {
    return isThemeChoice(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return false;
  }
}

const systemPrefersDark = () => typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;

export const themeOf = (choice: ThemeChoice, prefersDark: boolean): Theme => (choice === 'system' ? (prefersDark ? 'dark' : 'light') : choice);

/** The theme the document shows now. */
export const currentTheme = (): Theme => (document.documentElement.classList.contains(DARK_CLASS) ? 'dark' : 'light');

/** Told when the theme shown changes, and when the stored choice does. */
const listeners = new Set<() => void>();
const choices = new Set<() => void>();

/** Puts the document in the theme the stored choice and the system's scheme give; tells the subscribers. */
export function applyTheme(): void {
  const dark = themeOf(readThemeChoice(), systemPrefersDark()) === 'dark';
  if (document.documentElement.classList.contains(DARK_CLASS) === dark) return;
  document.documentElement.classList.toggle(DARK_CLASS, dark);
  listeners.forEach((listener) => listener());
}

/** Stores the choice for this browser and applies it at once. */
export function saveThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Without storage the choice still holds until the page is left.
  }
  choices.forEach((listener) => listener());
  applyTheme();
}

/**
 * A choice kept with the account (additionalInfo.config.theme) is taken by a browser that has none
 * of its own: a new browser starts in the theme the user chose elsewhere; this browser's choice wins.
 */
export function adoptAccountThemeChoice(choice: unknown): void {
  if (isThemeChoice(choice) && choice !== 'system' && !hasStoredChoice()) saveThemeChoice(choice);
}

/**
 * Follows the system's scheme while the choice is 'system', and a choice made in another tab.
 * public/theme-init.js has set the theme before the first paint; this keeps it from then on.
 */
export function followTheme(): () => void {
  applyTheme();
  const systemScheme = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    choices.forEach((listener) => listener());
    applyTheme();
  };
  systemScheme?.addEventListener('change', applyTheme);
  window.addEventListener('storage', onStorage);
  return () => {
    systemScheme?.removeEventListener('change', applyTheme);
    window.removeEventListener('storage', onStorage);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function subscribeChoice(listener: () => void): () => void {
  choices.add(listener);
  return () => choices.delete(listener);
}

/** The theme shown now; re-renders when it changes (for what CSS cannot reach: canvas charts, Monaco). */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme);
}

/** The stored choice; re-renders when it changes here or in another tab. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribeChoice, readThemeChoice);
}
