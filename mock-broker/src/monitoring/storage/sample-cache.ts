import type { TimeseriesKey } from '../timeseries-keys.js';

/**
 * An entity's stored samples held in memory (issue 29): every row of the entity, oldest first, and
 * the values of the keys loaded so far (NaN where a row has none). Arrays are replaced rather than
 * shortened or changed in place, so a reduction running over them across event-loop turns keeps a
 * consistent view while samples are pruned or replaced; appended ones lie past its end.
 */
export interface HeldSamples {
  times: number[];
  columns: Map<TimeseriesKey, number[]>;
}

/** What loading an entity needs: its row count, and its rows' times and keys' values in slices. */
export interface HeldSamplesSource {
  rowCount(entityId: string): number;
  /** Rows of the entity from `afterTs` (exclusive), oldest first, at most `rows`. */
  readRows(entityId: string, keys: TimeseriesKey[], afterTs: number, rows: number): { times: number[]; values: (number | null)[][] };
  /** The entity's oldest stored sample time, if any. */
  oldestTime(entityId: string): number | undefined;
}

/** Rows read per slice while loading: a few milliseconds of SQLite, then the event loop's turn. */
const LOAD_SLICE_ROWS = 8192;

/**
 * Values (times included) held at most over every entity: a week of 10 s samples of one entity's
 * 12 charted keys is 786,240 values, so this holds a console page of a few nodes and their total
 * (about 8 bytes each: 32 MB) and forgets the entity used least recently beyond it.
 */
export const MAX_HELD_VALUES = 4_000_000;

interface Held extends HeldSamples {
  lastUsed: number;
}

/**
 * The samples of the entities a reduced raw query read recently. A raw week reduced to a chart's
 * pixel columns read its 60,480 rows per node from SQLite on every Update (about 250 ms of the
 * broker's only thread a node); held here, the reduction is a pass over arrays. The repository
 * tells it of every write: a sample newer than the last is appended, one at the last time
 * replaces it, an older one (or a failed transaction) makes the entity be read again; pruning
 * drops the rows SQLite deleted.
 */
export class SampleCache {
  readonly #held = new Map<string, Held>();
  readonly #loading = new Map<string, Promise<HeldSamples | undefined>>();
  /** Per entity being loaded: the newest time read so far, and whether a write changed what was read already. */
  readonly #progress = new Map<string, { readUpTo: number; changed: boolean; pruned: boolean }>();
  #uses = 0;

  constructor(
    private readonly source: HeldSamplesSource,
    private readonly maxValues = MAX_HELD_VALUES,
  ) {}

  /** The entity's samples with at least `keys` loaded, read from SQLite in slices when not held; undefined when they would not fit. */
  async samples(entityId: string, keys: readonly TimeseriesKey[], nextTurn: () => Promise<void>): Promise<HeldSamples | undefined> {
    const held = this.#held.get(entityId);
    if (held && keys.every((key) => held.columns.has(key))) {
      held.lastUsed = (this.#uses += 1);
      return held;
    }
    const pending = this.#loading.get(entityId);
    if (pending) {
      await pending;
      return this.samples(entityId, keys, nextTurn);
    }
    const load = this.#load(entityId, [...new Set([...(held?.columns.keys() ?? []), ...keys])], nextTurn);
    this.#loading.set(entityId, load);
    try {
      return await load;
    } finally {
      this.#loading.delete(entityId);
    }
  }

  /**
   * Reads the entity's samples into memory ahead of any query, only where they fit beside what is
   * held already (nothing held is forgotten for them); answers whether they are held now.
   */
  async warm(entityId: string, keys: readonly TimeseriesKey[], nextTurn: () => Promise<void>): Promise<boolean> {
    if (this.held(entityId, keys) || this.#loading.has(entityId)) return true;
    const size = this.source.rowCount(entityId) * (keys.length + 1);
    if (size === 0 || this.#heldValues() + size > this.maxValues) return false;
    return (await this.samples(entityId, keys, nextTurn)) !== undefined;
  }

  /** The entity's samples if they are held with at least `keys` loaded; never reads SQLite. */
  held(entityId: string, keys: readonly TimeseriesKey[]): HeldSamples | undefined {
    const held = this.#held.get(entityId);
    if (!held || !keys.every((key) => held.columns.has(key))) return undefined;
    held.lastUsed = (this.#uses += 1);
    return held;
  }

  /** A sample stored (after its transaction committed). */
  stored(entityId: string, ts: number, values: Partial<Record<TimeseriesKey, number>>): void {
    const progress = this.#progress.get(entityId);
    // Newer than what a load read so far: its next slices read it.
    if (progress && ts <= progress.readUpTo) progress.changed = true;
    const held = this.#held.get(entityId);
    if (!held) return;
    const last = held.times.length - 1;
    if (last >= 0 && ts < (held.times[last] as number)) {
      this.#held.delete(entityId);
      return;
    }
    if (last >= 0 && ts === held.times[last]) {
      // New arrays: a reduction in progress keeps the ones it started with.
      for (const [key, column] of held.columns) held.columns.set(key, [...column.slice(0, last), values[key] ?? Number.NaN]);
      return;
    }
    // Appended in place: a reduction in progress reads up to the end it started with.
    held.times.push(ts);
    for (const [key, column] of held.columns) column.push(values[key] ?? Number.NaN);
  }

  /** Rows of the entity were deleted, oldest first: the held ones before its oldest left go too. */
  pruned(entityId: string): void {
    const progress = this.#progress.get(entityId);
    if (progress) progress.pruned = true;
    const held = this.#held.get(entityId);
    if (!held) return;
    const oldest = this.source.oldestTime(entityId);
    // Every row gone: nothing left to hold (see #load).
    if (oldest === undefined) {
      this.#held.delete(entityId);
      return;
    }
    const kept = lowerBound(held.times, oldest);
    if (kept === 0) return;
    held.times = held.times.slice(kept);
    for (const [key, column] of held.columns) held.columns.set(key, column.slice(kept));
  }

  /** Forgets everything held, e.g. after a transaction that failed: what it told may not be stored. */
  clear(): void {
    for (const progress of this.#progress.values()) progress.changed = true;
    this.#held.clear();
  }

  async #load(entityId: string, keys: TimeseriesKey[], nextTurn: () => Promise<void>): Promise<HeldSamples | undefined> {
    this.#held.delete(entityId);
    const rows = this.source.rowCount(entityId);
    // Nothing stored: answered empty but not held. Any entity id can be asked for, and an empty
    // entry counts no values, so it would never be forgotten; there is nothing to read again anyway.
    if (rows === 0) return { times: [], columns: new Map(keys.map((key) => [key, []])) };
    const size = rows * (keys.length + 1);
    if (size > this.maxValues) return undefined;
    this.#makeRoom(size);
    const progress = { readUpTo: Number.NEGATIVE_INFINITY, changed: false, pruned: false };
    this.#progress.set(entityId, progress);
    try {
      const held = await this.#read(entityId, keys, progress, nextTurn);
      if (!held) return undefined;
      this.#held.set(entityId, held);
      // Rows read before they were pruned go now.
      if (progress.pruned) this.pruned(entityId);
      return held;
    } finally {
      this.#progress.delete(entityId);
    }
  }

  /** Every row of the entity, a slice per event-loop turn; undefined when a write changed rows already read (this query then reads SQLite). */
  async #read(entityId: string, keys: TimeseriesKey[], progress: { readUpTo: number; changed: boolean }, nextTurn: () => Promise<void>): Promise<Held | undefined> {
    const times: number[] = [];
    const columns = keys.map((): number[] => []);
    let after = Number.NEGATIVE_INFINITY;
    for (;;) {
      const slice = this.source.readRows(entityId, keys, after, LOAD_SLICE_ROWS);
      for (const ts of slice.times) times.push(ts);
      slice.values.forEach((values, index) => {
        const column = columns[index] as number[];
        for (const value of values) column.push(value ?? Number.NaN);
      });
      if (slice.times.length < LOAD_SLICE_ROWS) break;
      after = slice.times[slice.times.length - 1] as number;
      progress.readUpTo = after;
      await nextTurn();
      if (progress.changed) return undefined;
    }
    return { times, columns: new Map(keys.map((key, index) => [key, columns[index] as number[]])), lastUsed: (this.#uses += 1) };
  }

  #heldValues(): number {
    return [...this.#held.values()].reduce((sum, held) => sum + sizeOf(held), 0);
  }

  /** Forgets the entities used least recently until `size` more values fit. */
  #makeRoom(size: number): void {
    let total = this.#heldValues();
    const byUse = [...this.#held].sort(([, a], [, b]) => a.lastUsed - b.lastUsed);
    for (const [entityId, held] of byUse) {
      if (total + size <= this.maxValues) return;
      this.#held.delete(entityId);
      total -= sizeOf(held);
    }
  }
}

/** Values an entity holds, times included. */
const sizeOf = (held: HeldSamples) => held.times.length * (held.columns.size + 1);

/** The first index of ascending `times` at or after `ts`. */
export function lowerBound(times: readonly number[], ts: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((times[middle] as number) < ts) low = middle + 1;
    else high = middle;
  }
  return low;
}
