// Spec section 2, responsive breakpoints: xs under 600 px, sm 600-959, md 960-1279, lg 1280-1919,
// xl 1920 up; the custom md-lg 960-1819, gt-md-lg from 1820 and lt-xmd under 1600. One table, which
// both the media queries and the width checks below are made from.

export type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'gt-sm' | 'md-lg' | 'gt-md-lg' | 'lt-xmd';

/** Widths in CSS pixels; a range ends just below the next one's start (fractional widths included). */
const RANGES: Record<Breakpoint, { min?: number; below?: number }> = {
  xs: { below: 600 },
  sm: { min: 600, below: 960 },
  md: { min: 960, below: 1280 },
  lg: { min: 1280, below: 1920 },
  xl: { min: 1920 },
  /** md and up: the side menu is fixed and open from here (spec section 2). */
  'gt-sm': { min: 960 },
  'md-lg': { min: 960, below: 1820 },
  'gt-md-lg': { min: 1820 },
  'lt-xmd': { below: 1600 },
};

/** The media query of a breakpoint, e.g. '(min-width: 600px) and (max-width: 959.98px)'. */
export function mediaQueryOf(breakpoint: Breakpoint): string {
  const { min, below } = RANGES[breakpoint];
  const parts = [min === undefined ? undefined : `(min-width: ${min}px)`, below === undefined ? undefined : `(max-width: ${below - 0.02}px)`];
  return parts.filter((part) => part !== undefined).join(' and ');
}

export function matchesBreakpoint(breakpoint: Breakpoint, width: number): boolean {
  const { min, below } = RANGES[breakpoint];
  return (min === undefined || width >= min) && (below === undefined || width < below);
}

/** Choices by breakpoint, the first that matches wins, e.g. [['xs', 1], ['lt-xmd', 2]] with a fallback of 4. */
export type BreakpointChoices<T> = readonly (readonly [Breakpoint, T])[];

export function chooseForWidth<T>(width: number, choices: BreakpointChoices<T>, fallback: T): T {
  return choices.find(([breakpoint]) => matchesBreakpoint(breakpoint, width))?.[1] ?? fallback;
}

export const MEDIA_XS = mediaQueryOf('xs');
export const MEDIA_GT_SM = mediaQueryOf('gt-sm');
