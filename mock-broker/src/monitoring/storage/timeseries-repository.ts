import { inTransaction, type Database } from '../../database/database.js';
import type { Sample } from '../sample-feed.js';
import { TIMESERIES_KEYS, TOTAL_ENTITY_ID, type TimeseriesKey } from '../timeseries-keys.js';
import { type HeldSamples, SampleCache } from './sample-cache.js';
import { aggregatedPoints, entityRowsSql, latestPoints, rawPoints, sampleColumnsSql, type Aggregation, type PointsRange, type PointsStatement, type SortOrder } from './timeseries-sql.js';

/** What a node's resource usage is measured against (ServiceInfo). */
export interface NodeCapacity {
  cpuCount: number;
  totalMemory: number;
  totalDiskSpace: number;
}

/** A node that stored samples, as the service info lists it. */
export interface StoredNode extends NodeCapacity {
  nodeId: string;
  lastSampleTs: number;
  /** From its newest sample; null when that sample lacks them. */
  cpuUsage: number | null;
  memoryUsage: number | null;
  diskUsage: number | null;
}

/** A query's range and shape, by keys (`limits` in the same order). */
export type PointsQuery = Omit<PointsRange, 'columns'> & { keys: TimeseriesKey[] };

/** Points per key as JSON text (`[{"ts":…,"value":…},…]`), built by SQLite. */
export type PointsText = Record<string, string>;

/** One key's points as JSON text, and how many they are. */
export interface CountedPoints {
  text: string;
  count: number;
}

/** Samples of several keys on one time axis: `values[k][i]` is key k's value at `times[i]`, null where it has none. */
export interface SampleColumns {
  times: number[];
  values: (number | null)[][];
}

export interface SampleColumnsReader {
  /** The samples in [startTs, endTs) in the reader's order. */
  read(startTs: number, endTs: number): SampleColumns;
  close(): void;
}

/** The column that holds a key, in the schema's snake case (migration 12). */
export function columnOf(key: TimeseriesKey): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

const COLUMNS = TIMESERIES_KEYS.map(columnOf);
/** Nodes listed at most (the contract's maxItems of the service info). */
const MAX_NODES = 1000;

/**
 * The time series of migration 12. Every query answers its points as JSON text that SQLite builds:
 * a JavaScript object per row from the wasm driver costs more than the query itself at 60,000 rows.
 */
export class TimeseriesRepository {
  readonly #insert;
  readonly #insertTotal;
  /** Prepared once: a sliced query asks it before every slice, and preparing it cost more than running it. */
  readonly #firstSampleTime;
  /** Every write below tells it what changed (sample-cache.ts). */
  readonly #held: SampleCache;

  constructor(private readonly database: Database) {
    this.#held = new SampleCache({
      rowCount: (entityId) => Number(database.get('SELECT COUNT(*) AS n FROM timeseries_sample WHERE entity_id = ?', [entityId])?.n ?? 0),
      oldestTime: (entityId) => {
        const ts = database.get('SELECT MIN(ts) AS ts FROM timeseries_sample WHERE entity_id = ?', [entityId])?.ts;
        return typeof ts === 'number' ? ts : undefined;
      },
      readRows: (entityId, keys, afterTs, rows) => {
        const row = database.get(entityRowsSql(keys.map(columnOf)), { ':entity': entityId, ':after': Math.max(afterTs, Number.MIN_SAFE_INTEGER), ':rows': rows });
        const [times = [], ...values] = JSON.parse(String(row?.k ?? '[]')) as [number[], ...(number | null)[][]];
        return { times, values };
      },
    });
    const placeholders = COLUMNS.map(() => '?').join(', ');
    this.#insert = database.prepare(`INSERT OR REPLACE INTO timeseries_sample (entity_id, ts, ${COLUMNS.join(', ')}) VALUES (?, ?, ${placeholders})`);
    // The total at a time is the sum of the samples the nodes stored at that time.
    const firstSampleTime = (edge: 'MIN' | 'MAX') => database.prepare(`SELECT ${edge}(ts) AS ts FROM timeseries_sample WHERE entity_id = ? AND ts >= ? AND ts < ?`);
    this.#firstSampleTime = { ASC: firstSampleTime('MIN'), DESC: firstSampleTime('MAX') } as const;
    this.#insertTotal = database.prepare(`
      INSERT OR REPLACE INTO timeseries_sample (entity_id, ts, ${COLUMNS.join(', ')})
      SELECT ?1, ?2, ${COLUMNS.map((column) => `SUM(${column})`).join(', ')}
      FROM timeseries_sample WHERE ts = ?2 AND entity_id IN (SELECT node_id FROM timeseries_node)
      RETURNING ${COLUMNS.join(', ')}`);
  }

  /** Stores one sample as it is (the bench and tests seed with it; the sampler uses storeNodeSample). */
  store(sample: Sample): void {
    this.#insert.run([sample.entityId, sample.ts, ...TIMESERIES_KEYS.map((key) => sample.values[key] ?? null)]);
    this.#held.stored(sample.entityId, sample.ts, sample.values);
  }

  /**
   * The entity's samples held in memory with \`keys\` loaded (read in slices, \`nextTurn\` between
   * them, when not held yet); undefined when they are too many to hold.
   */
  heldSamples(entityId: string, keys: readonly TimeseriesKey[], nextTurn: () => Promise<void>): Promise<HeldSamples | undefined> {
    return this.#held.samples(entityId, keys, nextTurn);
  }

  /**
   * Reads the entities' samples into memory ahead of the first query, one after the other, while
   * they fit beside what is held (SampleCache.warm); stops when `stopped()` says so.
   */
  async warmHeldSamples(entityIds: readonly string[], keys: readonly TimeseriesKey[], nextTurn: () => Promise<void>, stopped: () => boolean): Promise<void> {
    for (const entityId of entityIds) {
      if (stopped()) return;
      await this.#held.warm(entityId, keys, nextTurn);
    }
  }

  /** The entity's samples if they are held in memory with `keys` loaded, without reading SQLite. */
  heldSamplesIfLoaded(entityId: string, keys: readonly TimeseriesKey[]): HeldSamples | undefined {
    return this.#held.held(entityId, keys);
  }

  /** A write that failed may have told the held samples of rows its transaction did not keep. */
  #writing<T>(write: () => T): T {
    try {
      return inTransaction(this.database, write);
    } catch (error) {
      this.#held.clear();
      throw error;
    }
  }

  /** Stores samples of entities that are not nodes (integrations), dropping each one's samples older than `before` in batches. */
  storeEntitySamples(samples: Sample[], before: number, batch: number): void {
    this.#writing(() => {
      for (const sample of samples) {
        this.store(sample);
        const { changes } = this.database.run(
          'DELETE FROM timeseries_sample WHERE entity_id = ?1 AND ts IN (SELECT ts FROM timeseries_sample WHERE entity_id = ?1 AND ts < ?2 ORDER BY ts LIMIT ?3)',
          [sample.entityId, before, batch],
        );
        if (changes > 0) this.#held.pruned(sample.entityId);
      }
    });
  }

  /** Stores a node's sample, notes the node, and stores the total at the sample's time; answers the total. */
  storeNodeSample(sample: Sample, capacity: NodeCapacity): Sample {
    return this.#writing(() => {
      this.store(sample);
      this.database.run(
        `INSERT INTO timeseries_node (node_id, last_sample_ts, cpu_count, total_memory, total_disk_space) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (node_id) DO UPDATE SET last_sample_ts = excluded.last_sample_ts, cpu_count = excluded.cpu_count,
           total_memory = excluded.total_memory, total_disk_space = excluded.total_disk_space`,
        [sample.entityId, sample.ts, capacity.cpuCount, capacity.totalMemory, capacity.totalDiskSpace],
      );
      // all(), not get(): the statement must run to its end before the transaction can commit.
      const [row = {}] = this.#insertTotal.all([TOTAL_ENTITY_ID, sample.ts]);
      const values: Sample['values'] = {};
      TIMESERIES_KEYS.forEach((key, index) => {
        const value = row[COLUMNS[index] ?? ''];
        if (typeof value === 'number') values[key] = value;
      });
      this.#held.stored(TOTAL_ENTITY_ID, sample.ts, values);
      return { ts: sample.ts, entityId: TOTAL_ENTITY_ID, values };
    });
  }

  /** Notes a node as the bench's seeding does; the sampler notes its own with every sample. */
  recordNode(nodeId: string, lastSampleTs: number, capacity: NodeCapacity): void {
    this.database.run('INSERT OR REPLACE INTO timeseries_node (node_id, last_sample_ts, cpu_count, total_memory, total_disk_space) VALUES (?, ?, ?, ?, ?)', [
      nodeId,
      lastSampleTs,
      capacity.cpuCount,
      capacity.totalMemory,
      capacity.totalDiskSpace,
    ]);
  }

  nodes(): StoredNode[] {
    return this.database
      .all(
        `SELECT node_id, last_sample_ts, cpu_count, total_memory, total_disk_space, newest.cpu_usage, newest.memory_usage, newest.disk_usage
         FROM timeseries_node LEFT JOIN timeseries_sample AS newest
           ON newest.entity_id = node_id AND newest.ts = (SELECT MAX(ts) FROM timeseries_sample WHERE entity_id = node_id)
         ORDER BY node_id LIMIT ?`,
        [MAX_NODES],
      )
      .map((row) => ({
        nodeId: String(row.node_id),
        lastSampleTs: Number(row.last_sample_ts),
        cpuCount: Number(row.cpu_count),
        totalMemory: Number(row.total_memory),
        totalDiskSpace: Number(row.total_disk_space),
        cpuUsage: row.cpu_usage === null ? null : Number(row.cpu_usage),
        memoryUsage: row.memory_usage === null ? null : Number(row.memory_usage),
        diskUsage: row.disk_usage === null ? null : Number(row.disk_usage),
      }));
  }

  /**
   * Deletes samples older than `before`, at most `batch` per entity, oldest first: each call is
   * bounded work on the primary key, never a scan. A node other than `keepNodeId` whose samples are
   * all gone is forgotten. Answers how many samples went.
   */
  prune(before: number, batch: number, keepNodeId: string): number {
    return this.#writing(() => {
      let deleted = 0;
      for (const entityId of [TOTAL_ENTITY_ID, ...this.nodes().map((node) => node.nodeId)]) {
        const { changes } = this.database.run(
          'DELETE FROM timeseries_sample WHERE entity_id = ?1 AND ts IN (SELECT ts FROM timeseries_sample WHERE entity_id = ?1 AND ts < ?2 ORDER BY ts LIMIT ?3)',
          [entityId, before, batch],
        );
        if (changes > 0) this.#held.pruned(entityId);
        deleted += changes;
      }
      this.database.run('DELETE FROM timeseries_node WHERE node_id <> ? AND NOT EXISTS (SELECT 1 FROM timeseries_sample WHERE entity_id = node_id)', [keepNodeId]);
      return deleted;
    });
  }

  /** Samples of each key in the range, its limit at most, oldest or newest first. */
  rawPoints(query: PointsQuery): Record<string, CountedPoints> {
    return this.#countedPoints(query.keys, rawPoints({ ...query, columns: query.keys.map(columnOf) }));
  }

  /**
   * Reads the samples of `keys` a stretch at a time, all keys in one pass over the rows, through
   * one statement prepared for the whole query; `close` when done.
   */
  sampleColumnsReader(entityId: string, keys: TimeseriesKey[], order: SortOrder): SampleColumnsReader {
    const statement = this.database.prepare(sampleColumnsSql(keys.map(columnOf), order));
    return {
      read: (startTs, endTs) => {
        // all(), not get(): run to its end, so no read is left open between two slices.
        const [row] = statement.all({ ':entity': entityId, ':start': startTs, ':end': endTs });
        const [times = [], ...values] = JSON.parse(String(row?.k ?? '[]')) as [number[], ...(number | null)[][]];
        return { times, values };
      },
      close: () => statement.finalize(),
    };
  }

  /** Each bucket's aggregate per key; buckets without samples of a key are left out of its list. */
  aggregatedPoints(query: PointsQuery & { interval: number; aggregation: Aggregation }): Record<string, CountedPoints> {
    return this.#countedPoints(query.keys, aggregatedPoints({ ...query, columns: query.keys.map(columnOf) }));
  }

  /** The newest sample of each key (an empty list for a key without one). */
  latestPoints(entityId: string, keys: TimeseriesKey[]): PointsText {
    const counted = this.#countedPoints(keys, latestPoints(entityId, keys.map(columnOf)));
    return Object.fromEntries(Object.entries(counted).map(([key, { text }]) => [key, text]));
  }

  /** The time of the entity's first sample in [startTs, endTs) in `order`, if any: a query skips the stretches without. */
  firstSampleTime(entityId: string, startTs: number, endTs: number, order: SortOrder): number | undefined {
    // all(), not get(): run to its end, so no read is left open between two slices.
    const [row] = this.#firstSampleTime[order].all([entityId, startTs, endTs]);
    return typeof row?.ts === 'number' ? row.ts : undefined;
  }

  #countedPoints(keys: TimeseriesKey[], { sql, parameters }: PointsStatement): Record<string, CountedPoints> {
    const statement = this.database.prepare(sql);
    try {
      const row = statement.get(parameters) ?? {};
      return Object.fromEntries(keys.map((key, index) => [key, { text: String(row[`k${index}`] ?? '[]'), count: Number(row[`n${index}`] ?? 0) }]));
    } finally {
      statement.finalize();
    }
  }
}
