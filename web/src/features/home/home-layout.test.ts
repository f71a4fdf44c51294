import { describe, expect, it } from 'vitest';
import { chooseForWidth } from '../../components/media-query/breakpoints';
import { HOME_CARD_COLUMNS, HOME_CHART_COLUMNS, HOME_CHART_COLUMNS_WIDE } from './home-layout';

// The home page's columns follow the spec's breakpoints (section 2).
describe('home page columns', () => {
  it.each([
    [390, 1, 1],
    [800, 2, 2],
    [1100, 2, 2],
    [1280, 3, 2],
    [1599, 3, 2],
    [1600, 3, 4],
    [1819, 3, 4],
    [1820, 4, 4],
    [2560, 4, 4],
  ])('a screen %s px wide has %s columns of cards and %s of charts', (width, cards, charts) => {
    expect(chooseForWidth(width, HOME_CARD_COLUMNS, 1)).toBe(cards);
    expect(chooseForWidth(width, HOME_CHART_COLUMNS, HOME_CHART_COLUMNS_WIDE)).toBe(charts);
  });
});
