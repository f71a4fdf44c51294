import type { CSSProperties } from 'react';
import type { BreakpointChoices } from '../../components/media-query/breakpoints';

// The home page's columns by the spec's breakpoints (section 2). Beside the 250 px side menu (md and
// up) a card needs about 280 px; the four charts show as two rows of two until they fit in one row.

/** Cards: one on a phone, two on a tablet or beside the menu at md, three up to md-lg, four beyond (gt-md-lg). */
export const HOME_CARD_COLUMNS: BreakpointChoices<number> = [
  ['xs', 1],
  ['sm', 2],
  ['md', 2],
  ['md-lg', 3],
  ['gt-md-lg', 4],
];

/** The monitoring card's four charts: one column on a phone, two under lt-xmd (never three and one left over), else four. */
export const HOME_CHART_COLUMNS: BreakpointChoices<number> = [
  ['xs', 1],
  ['lt-xmd', 2],
];
export const HOME_CHART_COLUMNS_WIDE = 4;

export function gridColumns(columns: number): CSSProperties {
  return { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` };
}
