// One key's points as the answer's JSON text, in either of getTimeseriesValues' shapes
// (openapi.yaml): TimeseriesData's list of {ts, value}, or TimeseriesColumns' two arrays
// (format=columns), whose times are each the difference from the time before.

/** Points as TimeseriesData lists them: `[{"ts":…,"value":…},…]`. */
export function pointsText(times: readonly number[], values: readonly unknown[]): string {
  const parts = new Array<string>(times.length);
  for (let index = 0; index < times.length; index += 1) parts[index] = `{"ts":${times[index]},"value":${JSON.stringify(values[index])}}`;
  return `[${parts.join(',')}]`;
}

/** Points as TimeseriesColumns holds them: `{"ts":[first, then differences],"value":[…]}`, values written as pointsText writes them. */
export function columnsText(times: readonly number[], values: readonly unknown[]): string {
  const deltas = new Array<number>(times.length);
  let previous = 0;
  for (let index = 0; index < times.length; index += 1) {
    const ts = times[index] as number;
    deltas[index] = ts - previous;
    previous = ts;
  }
  const written = values.map((value) => JSON.stringify(value));
  return `{"ts":[${deltas.join(',')}],"value":[${written.join(',')}]}`;
}

/** A TimeseriesData list's text rewritten as TimeseriesColumns' arrays. */
export function pointsToColumns(text: string): string {
  const points = JSON.parse(text) as { ts: number; value: unknown }[];
  return columnsText(
    points.map((point) => point.ts),
    points.map((point) => point.value),
  );
}
