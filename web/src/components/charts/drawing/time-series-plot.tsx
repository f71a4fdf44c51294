import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { lineColour, themedAxis } from './chart-colours';
import { type ChartValueKind, formatChartValue } from '../values/chart-value-format';
import { pixelColumnPaths } from './pixel-column-paths';
import type { AlignedLines } from '../data/point-buffer';
import { inTaskSlices } from '../data/task-slices';
import type { TimeRange } from '../data/time-range';
import type { PlotBox } from '../data/timeseries-request';
import { useTheme } from '../../theme/theme';

export interface TimeSeriesPlotProps {
  lineLabels: readonly string[];
  data: AlignedLines;
  /** The time range drawn; moving it (realtime) shifts the lines without drawing the chart anew. */
  range: TimeRange;
  valueKind: ChartValueKind;
  locale: string;
  /** An IANA zone for the time axis; the browser's when not given. */
  timezone?: string;
  /** Called with the range dragged over (or moved to, with Shift); without it dragging does nothing. */
  onSelectRange?: (range: TimeRange) => void;
  /** Shown above the plot while the pointer is elsewhere. */
  hint?: string;
  /**
   * Told where the plot draws (uPlot's bbox) once drawn and whenever that moves, so raw points can
   * be asked on exactly its pixels. With it the value axis keeps a width that does not follow the
   * data (see valueAxisSizer): the box then stays where it was asked for when the answer is drawn.
   */
  onPlotBox?: (box: PlotBox) => void;
}

const xRangeOf = (plot: uPlot) => ({ min: plot.scales.x?.min ?? 0, max: plot.scales.x?.max ?? 0 });

/**
 * Shift+drag moves the range in view: the plot follows the pointer once a frame (no React work), and
 * the range it ends on is reported on release like a zoom, so the parent asks for it.
 */
function startPan(plot: uPlot, event: MouseEvent, onEnd: (range: TimeRange) => void): void {
  const { min, max } = xRangeOf(plot);
  const msPerPixel = (max - min) / Math.max(1, plot.over.clientWidth);
  let pointerX = event.clientX;
  let frame = 0;
  const shifted = () => {
    const shift = (pointerX - event.clientX) * msPerPixel;
    return { min: min - shift, max: max - shift };
  };
  const apply = () => {
    frame = 0;
    plot.setScale('x', shifted());
  };
  const move = (moved: MouseEvent) => {
    pointerX = moved.clientX;
    if (frame === 0) frame = requestAnimationFrame(apply);
  };
  const release = (released: MouseEvent) => {
    document.removeEventListener('mousemove', move);
    cancelAnimationFrame(frame);
    pointerX = released.clientX;
    apply();
    // Worked out, not read back: uPlot applies a scale later, and a realtime update may have set
    // the whole window in between, which read back would end the pan where it began.
    const moved = shifted();
    if (moved.min !== min) onEnd({ startTs: Math.round(moved.min), endTs: Math.round(moved.max) });
  };
  document.addEventListener('mousemove', move);
  document.addEventListener('mouseup', release, { once: true });
}

/** Narrower drags are clicks, not zooms. */
const MIN_DRAG_PX = 4;

function uPlotData({ times, series }: AlignedLines): uPlot.AlignedData {
  return [times, ...series] as uPlot.AlignedData;
}

function readoutText(plot: uPlot, index: number, props: TimeSeriesPlotProps, formatTime: Intl.DateTimeFormat): string {
  const time = formatTime.format(plot.data[0][index] as number);
  const values = props.lineLabels.map((label, line) => {
    const value = plot.data[line + 1]?.[index];
    return `${label}: ${value === null || value === undefined ? '–' : formatChartValue(value, props.valueKind, props.locale)}`;
  });
  return [time, ...values].join('  ·  ');
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Time-axis labels in the reader's language and the chart's zone: seconds when the ticks are
 * under a minute apart, dates when a day or more; the first tick and each new day also name the date.
 */
function timeAxisValues(locale: string, timezone: string | undefined) {
  const zone = { timeZone: timezone } as const;
  const withSeconds = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', second: '2-digit', ...zone });
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', ...zone });
  const date = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', ...zone });
  return (_plot: uPlot, splits: number[], _axis: number, _space: number, increment: number) => {
    if (increment >= DAY_MS) return splits.map((ts) => date.format(ts));
    const clock = increment < MINUTE_MS ? withSeconds : time;
    let previousDate = '';
    return splits.map((ts) => {
      const day = date.format(ts);
      const label = day === previousDate ? clock.format(ts) : `${clock.format(ts)}\n${day}`;
      previousDate = day;
      return label;
    });
  };
}

/** uPlot's axis font, for measuring labels; its ticks and gap take the rest of the axis's width. */
const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
const AXIS_TICKS_AND_GAP_PX = 18;
const MIN_VALUE_AXIS_PX = 40;
let labelMeasure: CanvasRenderingContext2D | null | undefined;

/**
 * The value axis is as wide as its widest label: a fixed width cut "171.7 MB" to "71.7 MB" on the
 * left, a label that reads as a wrong value.
 */
function valueAxisSize(_plot: uPlot, values: string[] | null): number {
  return labelsWidth(values ?? []);
}

function labelsWidth(values: readonly string[]): number {
  if (values.length === 0) return MIN_VALUE_AXIS_PX;
  labelMeasure ??= document.createElement('canvas').getContext('2d');
  if (!labelMeasure) return Math.max(MIN_VALUE_AXIS_PX, Math.max(...values.map((value) => value.length)) * 8 + AXIS_TICKS_AND_GAP_PX);
  labelMeasure.font = AXIS_FONT;
  const widest = Math.max(...values.map((value) => labelMeasure?.measureText(value).width ?? 0));
  return Math.max(MIN_VALUE_AXIS_PX, Math.ceil(widest) + AXIS_TICKS_AND_GAP_PX);
}

/**
 * For a plot asked by its box: a value axis as wide as the widest label of any kind in most
 * charts (a negative count with a decimal, a byte amount just under the next unit, a negative
 * percentage), so every such chart of a page has the same box, whatever its data, and their raw
 * queries join; a wider label widens it, and it never narrows again: an axis that followed the
 * data moved the box with every answer (and back while the next one loaded), and each move asked
 * again, without end.
 */
function valueAxisSizer(locale: string): (plot: uPlot, values: string[] | null) => number {
  let size = labelsWidth([formatChartValue(-888_800, 'count', locale), formatChartValue(1023.9 * 1024 ** 2, 'bytes', locale), formatChartValue(-88.8, 'percent', locale)]);
  return (_plot, values) => {
    size = Math.max(size, labelsWidth(values ?? []));
    return size;
  };
}

function optionsOf(props: TimeSeriesPlotProps, size: { width: number; height: number }, readout: HTMLElement, latest: { current: TimeSeriesPlotProps }): uPlot.Options {
  const { timezone, valueKind, locale } = props;
  const formatTime = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium', timeZone: timezone });
  let reportedBox: PlotBox = { left: Number.NaN, width: Number.NaN };
  return {
    ...size,
    ms: 1,
    tzDate: timezone ? (ts) => uPlot.tzDate(new Date(ts), timezone) : (ts) => new Date(ts),
    legend: { show: false },
    scales: { x: { time: true, auto: false } },
    series: [
      {},
      ...props.lineLabels.map((label, index) => ({
        label,
        stroke: () => lineColour(index),
        width: index === 0 ? 2 : 1.25,
        points: { show: false },
        // Asked by its box, the plot may be given lines reduced to its pixel columns: drawn by column, as the full lines are.
        ...(props.onPlotBox ? { paths: pixelColumnPaths(() => latest.current.data.maxGapMs ?? Number.POSITIVE_INFINITY) } : {}),
      })),
    ],
    axes: [{ ...themedAxis, space: 80, values: timeAxisValues(locale, timezone) }, { ...themedAxis, size: props.onPlotBox ? valueAxisSizer(locale) : valueAxisSize, values: (_plot, splits) => splits.map((value) => formatChartValue(value, valueKind, locale)) }],
    cursor: {
      drag: { x: props.onSelectRange !== undefined, y: false, setScale: false },
      bind: {
        mousedown: (plot, _target, select) => (event) => {
          const report = latest.current.onSelectRange;
          if (!event.shiftKey || !report) return select(event);
          startPan(plot, event, report);
          return null;
        },
      },
    },
    hooks: {
      setSelect: [
        (plot) => {
          const { left, width } = plot.select;
          plot.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
          if (width < MIN_DRAG_PX) return;
          latest.current.onSelectRange?.({ startTs: Math.round(plot.posToVal(left, 'x')), endTs: Math.round(plot.posToVal(left + width, 'x')) });
        },
      ],
      draw: [
        // What was last drawn, for tests and the bench: the number of times and the first one.
        (plot) => {
          const times = plot.data[0];
          plot.root.parentElement?.setAttribute('data-drawn', `${times.length}@${times[0] ?? ''}`);
        },
        (plot) => {
          const { left, width } = plot.bbox;
          // Without points uPlot hides the value axis, and the box widens by it: that box is told
          // only when none was, so a chart asks once its plot is laid out, while the blank plot of a
          // query still loading does not move the box the query was asked with.
          if (plot.data[0].length === 0 && !Number.isNaN(reportedBox.left)) return;
          if (left === reportedBox.left && width === reportedBox.width) return;
          reportedBox = { left, width };
          latest.current.onPlotBox?.(reportedBox);
        },
      ],
      // Written straight into the DOM: the cursor moves far too often for a React render each time.
      setCursor: [
        (plot) => {
          const index = plot.cursor.idx;
          readout.textContent = index === null || index === undefined ? (latest.current.hint ?? '') : readoutText(plot, index, latest.current, formatTime);
        },
      ],
    },
  };
}

/**
 * uPlot drawing of a chart's lines (this module, and uPlot with it, load only with a page that
 * shows a chart). The plot is made once per set of lines and format; new data and a moved range
 * go through setData and setScale, so a realtime update redraws without a new chart.
 */
export default function TimeSeriesPlot(props: TimeSeriesPlotProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const readoutRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const latest = useRef(props);
  // Declared before the plot's effect, so a new plot reads the current props.
  useEffect(() => {
    latest.current = props;
  });
  const { lineLabels, valueKind, locale, timezone } = props;
  const zoomable = props.onSelectRange !== undefined;
  const byBox = props.onPlotBox !== undefined;
  const labelsKey = lineLabels.join('\n');

  useEffect(() => {
    const container = containerRef.current;
    const readout = readoutRef.current;
    if (!container || !readout) return undefined;
    const sizeOf = () => ({ width: Math.max(container.clientWidth, 100), height: Math.max(container.clientHeight, 60) });
    const current = latest.current;
    const plot = new uPlot(optionsOf(current, sizeOf(), readout, latest), uPlotData(current.data), container);
    plot.setScale('x', { min: current.range.startTs, max: current.range.endTs });
    readout.textContent = current.hint ?? '';
    plotRef.current = plot;
    const resize = new ResizeObserver(() => plot.setSize(sizeOf()));
    resize.observe(container);
    return () => {
      resize.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
    // labelsKey stands for lineLabels; the data and range are applied below without a new plot.
  }, [labelsKey, valueKind, locale, timezone, zoomable, byBox]);

  // The lines and axes take the theme's colours when drawn: a new theme draws them again.
  const theme = useTheme();
  useEffect(() => plotRef.current?.redraw(false), [theme]);

  const { data, range } = props;
  useEffect(() => {
    const plot = plotRef.current;
    if (!plot) return undefined;
    // In a task slice: a page of charts answered together draws a few charts a task, not all in one.
    return inTaskSlices(() => {
      // A plot made anew meanwhile (another format) was made with these data.
      if (plotRef.current !== plot) return;
      plot.batch(() => {
        // The value scale is ranged again on the new data (resetScales); the time scale is the range given.
        plot.setData(uPlotData(data), true);
        plot.setScale('x', { min: range.startTs, max: range.endTs });
      });
    });
  }, [data, range.startTs, range.endTs]);

  return (
    <>
      <div ref={containerRef} className="time-series-chart__canvas" />
      <div ref={readoutRef} className="time-series-chart__readout" aria-live="off" />
    </>
  );
}
