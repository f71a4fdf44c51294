import { currentTheme, type Theme } from '../../theme/theme';

/**
 * Line colours: the first for the total, the next for each node. Each theme has its own shades (the
 * dark ones lighter), so that every line stands out from its chart's background by 3:1 or more.
 */
const LINE_COLOURS: Record<Theme, readonly string[]> = {
  light: ['#2D72D2', '#238551', '#C87619', '#CD4246', '#7961DB', '#147EB3', '#D1980B', '#DB2C6F', '#29A634', '#634DBF'],
  dark: ['#4C90F0', '#32A467', '#EC9A3C', '#E76A6E', '#9881F3', '#3FA6DA', '#F0B726', '#F5498B', '#43BF4D', '#BDADFF'],
};

/** The colour of the line at `index` in the theme (colours repeat past ten lines). */
export function lineColour(index: number, theme: Theme = currentTheme()): string {
  const colours = LINE_COLOURS[theme];
  return colours[index % colours.length] as string;
}

interface AxisColours {
  labels: string;
  grid: string;
}

const axisColoursByTheme = new Map<Theme, AxisColours>();

/**
 * The axes' label and grid colours: the page's muted text and divider colours (main.css), read once
 * per theme. uPlot draws on a canvas, which CSS does not reach.
 */
function axisColours(): AxisColours {
  const theme = currentTheme();
  let colours = axisColoursByTheme.get(theme);
  if (!colours) {
    const style = getComputedStyle(document.documentElement);
    colours = {
      labels: style.getPropertyValue('--starling-text-muted').trim() || '#5f6b7c',
      grid: style.getPropertyValue('--starling-divider').trim() || 'rgba(17, 20, 24, 0.08)',
    };
    axisColoursByTheme.set(theme, colours);
  }
  return colours;
}

/** uPlot axis options drawn in the current theme's colours at every draw (a theme change redraws). */
export const themedAxis = {
  stroke: () => axisColours().labels,
  grid: { stroke: () => axisColours().grid },
  ticks: { stroke: () => axisColours().grid },
};
