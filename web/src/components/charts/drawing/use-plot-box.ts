import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlotBox } from '../data/timeseries-request';

/** How long a moved plot box must stay put before it is taken: a window being resized moves it every frame. */
export const PLOT_BOX_SETTLE_MS = 250;

/**
 * The plot box a chart last reported (TimeSeriesPlot's onPlotBox) and the callback to report it
 * with. The first box is taken at once, so a raw view asks as soon as the plot is laid out; a
 * later one once it has settled, so that resizing the window asks the broker once, not per frame.
 */
export function usePlotBox(): [PlotBox | undefined, (box: PlotBox) => void] {
  const [box, setBox] = useState<PlotBox>();
  const known = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const report = useCallback((reported: PlotBox) => {
    window.clearTimeout(timer.current);
    if (!known.current) {
      known.current = true;
      setBox(reported);
      return;
    }
    timer.current = window.setTimeout(() => setBox(reported), PLOT_BOX_SETTLE_MS);
  }, []);
  return [box, report];
}
