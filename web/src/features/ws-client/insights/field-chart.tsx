import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { lineColour, themedAxis } from '../../../components/charts/drawing/chart-colours';
import { useTheme } from '../../../components/theme/theme';
import type { MessageStore } from '../messages/message-store';
import { numericField } from './json-field';

/** Points the chart keeps, the newest. */
export const CHART_POINTS = 1000;
const HEIGHT = 220;

interface FieldChartProps {
  store: MessageStore;
  topic: string;
  /** Dotted path of the field, e.g. "temperature" or "a.b". */
  path: string;
  label: string;
}

/**
 * A live line of one numeric JSON field of a topic's messages (uPlot, loaded with this module only
 * when a chart is opened). Each frame it reads the messages that arrived since, parsing only those
 * on the topic.
 */
export default function FieldChart({ store, topic, path, label }: FieldChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const times: number[] = [];
    const values: number[] = [];
    const plot = new uPlot(
      { width: Math.max(container.clientWidth, 200), height: HEIGHT, series: [{}, { label, stroke: () => lineColour(0), width: 1.5 }], axes: [themedAxis, themedAxis] },
      [times, values],
      container,
    );
    plotRef.current = plot;
    let nextSeq = store.range.first;
    const readNew = () => {
      const { first, next } = store.range;
      for (let seq = Math.max(nextSeq, first); seq < next; seq += 1) {
        const message = store.get(seq);
        if (!message || message.topic !== topic) continue;
        const value = numericField(message.payload, path);
        if (value === undefined) continue;
        times.push(message.time / 1000);
        values.push(value);
      }
      nextSeq = next;
      if (times.length > CHART_POINTS) {
        times.splice(0, times.length - CHART_POINTS);
        values.splice(0, values.length - CHART_POINTS);
      }
      plot.setData([times, values]);
    };
    readNew();
    const stop = store.subscribe(readNew);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(container.clientWidth, 200), height: HEIGHT }));
    resize.observe(container);
    return () => {
      stop();
      resize.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [store, topic, path, label]);
  // The line and axes take the theme's colours when drawn: a new theme draws them again.
  const theme = useTheme();
  useEffect(() => plotRef.current?.redraw(false), [theme]);
  return <div ref={containerRef} className="ws-field-chart" data-testid="ws-field-chart" />;
}
