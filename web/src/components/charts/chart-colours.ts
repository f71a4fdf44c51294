/** Line colours: the first for the total, the next for each node; distinct in light and dark themes. */
const LINE_COLOURS = ['#2D72D2', '#238551', '#C87619', '#CD4246', '#7961DB', '#147EB3', '#D1980B', '#DB2C6F', '#29A634', '#634DBF'] as const;

/** The colour of the line at `index` (colours repeat past ten lines). */
export function lineColour(index: number): string {
  return LINE_COLOURS[index % LINE_COLOURS.length] as string;
}
