import type uPlot from 'uplot';

/**
 * A line drawn a pixel column at a time, for plots whose raw points the broker reduces to pixel
 * columns (M4: each column's first, last, smallest and largest sample; openapi.yaml, pixelColumns
 * and pixelLeft). A time's column is the pixel uPlot puts it on, round(left + width × its fraction
 * of the x range), the broker's rule; in each column the line comes in at the first point, spans
 * the smallest and largest, and leaves at the last, as uPlot draws a dense line. Drawn this way, a
 * line through every sample and one through the points M4 keeps are the same path.
 *
 * uPlot's own line does not give that: it collapses points into columns only past four points a
 * pixel, and then starts a column at its first point's rounded pixel and ends it a whole pixel
 * later, so where the columns fall depends on the points themselves (and on the other lines'
 * times, which lines reduced apart do not share).
 *
 * Gaps are this line's own: it breaks between two of its points more than `maxGapMs()` apart in
 * different columns; within a column there is nothing to see of a gap. Times without a value of
 * this line (null or undefined: another line's times, breakGaps' markers) are passed over.
 */
export function pixelColumnPaths(maxGapMs: () => number): uPlot.Series.PathBuilder {
  return (plot, seriesIndex, firstIndex, lastIndex) => {
    const times = plot.data[0];
    const values = plot.data[seriesIndex] ?? [];
    const stroke = new Path2D();
    const gapMs = maxGapMs();
    let column = Number.NaN;
    let previousTs = Number.NaN;
    let inY = 0;
    let smallestY = 0;
    let largestY = 0;
    let outY = 0;
    // As uPlot's line leaves a column: down or up to the extremes it has not passed, then to the last point.
    const leaveColumn = () => {
      if (smallestY === largestY) return;
      if (inY !== smallestY && outY !== smallestY) stroke.lineTo(column, smallestY);
      if (inY !== largestY && outY !== largestY) stroke.lineTo(column, largestY);
      stroke.lineTo(column, outY);
    };
    for (let index = firstIndex; index <= lastIndex; index += 1) {
      const value = values[index];
      if (value === null || value === undefined) continue;
      const ts = times[index] as number;
      const x = Math.round(plot.valToPos(ts, 'x', true));
      const y = Math.round(plot.valToPos(value, 'y', true));
      if (x === column) {
        outY = y;
        smallestY = Math.min(smallestY, y);
        largestY = Math.max(largestY, y);
      } else {
        if (!Number.isNaN(column)) leaveColumn();
        if (Number.isNaN(column) || ts - previousTs > gapMs) stroke.moveTo(x, y);
        else stroke.lineTo(x, y);
        column = x;
        inY = smallestY = largestY = outY = y;
      }
      previousTs = ts;
    }
    if (!Number.isNaN(column)) leaveColumn();
    return { stroke, fill: null, clip: null, band: null, flags: 0 };
  };
}
