/**
 * The statements of the time-series queries, one column per key asked (`k0`, `k1`…), each the key's
 * points as a JSON array SQLite builds. Column names come from TIMESERIES_KEYS, never from a request;
 * every value a request gives is a bound parameter.
 */

export type SortOrder = 'ASC' | 'DESC';
export type Aggregation = 'MIN' | 'MAX' | 'AVG' | 'SUM' | 'COUNT';

export interface PointsStatement {
  sql: string;
  parameters: Record<string, string | number>;
}

/** A query's range and shape, with keys already turned into their columns. */
export interface PointsRange {
  entityId: string;
  columns: string[];
  startTs: number;
  endTs: number;
  /** Points at most, per column. */
  limits: number[];
  order: SortOrder;
}

function pointsOf(source: string, timeColumn: string, value: string, condition: string, order: SortOrder, index: number): string {
  // The inner ORDER BY and LIMIT pick the points, and SQLite feeds them to the aggregate in that
  // order. An ORDER BY inside json_group_array would sort them all again: five times the query's
  // time for the 60,480 samples of a week.
  return `(SELECT json_group_array(json_object('ts', ${timeColumn}, 'value', point))
    FROM (SELECT ${timeColumn}, ${value} AS point FROM ${source} WHERE ${condition} ORDER BY ${timeColumn} ${order} LIMIT :limit${index}))`;
}

/** Each column's points (`k0`…) and how many they are (`n0`…). */
function selectPerColumn(columns: string[], pointsOfColumn: (column: string, index: number) => string): string {
  const counted = columns.map((_column, index) => `k${index}, json_array_length(k${index}) AS n${index}`).join(', ');
  return `SELECT ${counted} FROM (SELECT ${columns.map((column, index) => `${pointsOfColumn(column, index)} AS k${index}`).join(',\n')})`;
}

function limitParameters(limits: number[]): Record<string, number> {
  return Object.fromEntries(limits.map((limit, index) => [`:limit${index}`, limit]));
}

/** The samples themselves. */
export function rawPoints(range: PointsRange): PointsStatement {
  const sql = selectPerColumn(range.columns, (column, index) =>
    pointsOf('timeseries_sample', 'ts', column, `entity_id = :entity AND ts >= :start AND ts < :end AND ${column} IS NOT NULL`, range.order, index),
  );
  return { sql, parameters: { ':entity': range.entityId, ':start': range.startTs, ':end': range.endTs, ...limitParameters(range.limits) } };
}

/**
 * The samples of every column in one pass over the rows, as one JSON array
 * (`k` = `[[ts…],[column 0's value…],[column 1's…]…]`, null where a row lacks a column's value):
 * for reducing them as they are read, where an object per sample, or a pass over the rows per
 * column, would cost more than the reduction (a raw week of 12 keys: one pass instead of twelve).
 * No limit: the caller counts each column's samples. Parameters: `:entity`, `:start`, `:end`.
 */
export function sampleColumnsSql(columns: string[], order: SortOrder): string {
  const arrays = ['ts', ...columns].map((column) => `json_group_array(${column})`).join(', ');
  const anyValue = columns.map((column) => `${column} IS NOT NULL`).join(' OR ');
  const samples = `SELECT ts, ${columns.join(', ')} FROM timeseries_sample WHERE entity_id = :entity AND ts >= :start AND ts < :end AND (${anyValue}) ORDER BY ts ${order}`;
  return `SELECT json_array(${arrays}) AS k FROM (${samples})`;
}

function aggregateOf(aggregation: Aggregation, column: string): string {
  // A bucket without samples of the key counts nothing: left out, like the other aggregates' NULL.
  return aggregation === 'COUNT' ? `NULLIF(COUNT(${column}), 0)` : `${aggregation}(${column})`;
}

/**
 * Buckets of `interval` ms from `startTs`, each answered at its start. The buckets are generated
 * and each one aggregated over its stretch of the primary key: rows arrive in time order and no
 * sort is needed, where a GROUP BY over a computed bucket would sort every row of the range.
 */
export function aggregatedPoints(range: PointsRange & { interval: number; aggregation: Aggregation }): PointsStatement {
  const aggregates = range.columns.map((column) => aggregateOf(range.aggregation, column)).join(', ');
  const sql = `WITH RECURSIVE bucket(start) AS (SELECT :start UNION ALL SELECT start + :interval FROM bucket WHERE start + :interval < :end),
    aggregate(start, bucket_values) AS MATERIALIZED (
      SELECT start, (SELECT json_array(${aggregates}) FROM timeseries_sample
        WHERE entity_id = :entity AND ts >= start AND ts < min(start + :interval, :end))
      FROM bucket)
    ${selectPerColumn(range.columns, (_column, index) => pointsOf('aggregate', 'start', `bucket_values ->> ${index}`, `bucket_values ->> ${index} IS NOT NULL`, range.order, index))}`;
  return { sql, parameters: { ':entity': range.entityId, ':start': range.startTs, ':end': range.endTs, ':interval': range.interval, ...limitParameters(range.limits) } };
}

/** The newest sample of each key. */
export function latestPoints(entityId: string, columns: string[]): PointsStatement {
  const sql = selectPerColumn(columns, (column, index) => pointsOf('timeseries_sample', 'ts', column, `entity_id = :entity AND ${column} IS NOT NULL`, 'DESC', index));
  return { sql, parameters: { ':entity': entityId, ...limitParameters(columns.map(() => 1)) } };
}

/**
 * An entity's rows after \`:after\` (exclusive), oldest first, \`:rows\` at most, every row whether or
 * not it holds a value of the columns: \`k\` = \`[[ts…],[column 0's value…]…]\`, null where a row has none.
 */
export function entityRowsSql(columns: string[]): string {
  const arrays = ['ts', ...columns].map((column) => `json_group_array(${column})`).join(', ');
  const rows = `SELECT ts, ${columns.join(', ')} FROM timeseries_sample WHERE entity_id = :entity AND ts > :after ORDER BY ts ASC LIMIT :rows`;
  return `SELECT json_array(${arrays}) AS k FROM (${rows})`;
}
