/** What a branch sums up of one entry: its payload's bytes and the time it was stored. */
export interface EntryMeasure {
  bytes: number;
  time: number;
}

/**
 * One topic level: the entry stored at exactly this topic, the levels below, and what the whole
 * branch (this level and everything below it) holds: how many entries, their bytes, the newest time.
 */
interface Level<T> {
  entry: T | undefined;
  children: Map<string, Level<T>>;
  count: number;
  bytes: number;
  newest: number;
  /** A delete took away the entry `newest` came from: it is worked out again when next read. */
  newestStale: boolean;
}

/** One level below a branch, as the retained tree view shows it. */
export interface BranchSummary {
  /** The level's own name: the part of the topic after the branch's. */
  name: string;
  /** The topic of this level (the branch's levels and the name, joined by `/`). */
  topic: string;
  /** Entries at this topic and below it. */
  count: number;
  bytes: number;
  /** The newest time among them; 0 when there are none. */
  newest: number;
  hasEntry: boolean;
  hasChildren: boolean;
}

const emptyLevel = <T>(): Level<T> => ({ entry: undefined, children: new Map(), count: 0, bytes: 0, newest: 0, newestStale: false });

const NOTHING: EntryMeasure = { bytes: 0, time: 0 };

/**
 * Entries keyed by topic in a tree of topic levels, so that a SUBSCRIBE's filter walks only the
 * branches it can match (MQTT 4.7) instead of every retained topic: `+` takes every child of one
 * level, `#` a whole branch, a literal level one child. Every level also keeps the count, bytes and
 * newest time of its branch, updated along the topic's path on each change, so that a branch is
 * summed up without walking it.
 */
export class RetainedTopicTree<T> {
  readonly #root: Level<T> = emptyLevel();
  readonly #measure: (entry: T) => EntryMeasure;

  constructor(measure: (entry: T) => EntryMeasure = () => NOTHING) {
    this.#measure = measure;
  }

  set(topic: string, entry: T): void {
    const path = [this.#root];
    let level = this.#root;
    for (const name of topic.split('/')) {
      let child = level.children.get(name);
      if (!child) {
        child = emptyLevel();
        level.children.set(name, child);
      }
      path.push(child);
      level = child;
    }
    const previous = level.entry === undefined ? undefined : this.#measure(level.entry);
    const added = this.#measure(entry);
    level.entry = entry;
    for (const branch of path) {
      if (!previous) branch.count += 1;
      branch.bytes += added.bytes - (previous?.bytes ?? 0);
      // A replaced entry newer than its replacement (a clock set back) may have been the newest.
      if (previous && previous.time > added.time && previous.time >= branch.newest) branch.newestStale = true;
      if (added.time > branch.newest) branch.newest = added.time;
    }
  }

  /** Removes the topic's entry, and the levels that held nothing else. */
  delete(topic: string): void {
    const path: [Level<T>, string][] = [];
    let level: Level<T> | undefined = this.#root;
    for (const name of topic.split('/')) {
      path.push([level, name]);
      level = level.children.get(name);
      if (!level) return;
    }
    if (level.entry === undefined) return;
    const removed = this.#measure(level.entry);
    level.entry = undefined;
    for (const branch of [...path.map(([parent]) => parent), level]) {
      branch.count -= 1;
      branch.bytes -= removed.bytes;
      if (removed.time >= branch.newest) branch.newestStale = true;
    }
    for (let index = path.length - 1; index >= 0; index -= 1) {
      const [parent, name] = path[index] as [Level<T>, string];
      const child = parent.children.get(name);
      if (!child || child.entry !== undefined || child.children.size > 0) break;
      parent.children.delete(name);
    }
  }

  /**
   * The levels right below a branch, each summed up; `branch` undefined for the top level.
   * Undefined when no entry lies at or below the branch.
   */
  branches(branch: string | undefined): BranchSummary[] | undefined {
    const level = branch === undefined ? this.#root : this.#find(branch);
    if (!level) return undefined;
    const prefix = branch === undefined ? '' : `${branch}/`;
    return [...level.children].map(([name, child]) => ({
      name,
      topic: prefix + name,
      count: child.count,
      bytes: child.bytes,
      newest: this.#newestOf(child),
      hasEntry: child.entry !== undefined,
      hasChildren: child.children.size > 0,
    }));
  }

  /** How many entries lie at the topic and below it. */
  count(topic: string): number {
    return this.#find(topic)?.count ?? 0;
  }

  /** Entries whose topic matches the filter; a filter starting with a wildcard skips `$` topics (MQTT 4.7.2). */
  match(filter: string): T[] {
    const found: T[] = [];
    this.#collect(this.#root, filter.split('/'), 0, found);
    return found;
  }

  #find(topic: string): Level<T> | undefined {
    let level: Level<T> | undefined = this.#root;
    for (const name of topic.split('/')) {
      level = level.children.get(name);
      if (!level) return undefined;
    }
    return level;
  }

  /** Only the stale levels below are visited again: the others know their newest time. */
  #newestOf(level: Level<T>): number {
    if (!level.newestStale) return level.newest;
    let newest = level.entry === undefined ? 0 : this.#measure(level.entry).time;
    for (const child of level.children.values()) newest = Math.max(newest, this.#newestOf(child));
    level.newest = newest;
    level.newestStale = false;
    return newest;
  }

  // Plain recursion into one array: generators delegating level by level cost more than the walk.
  #collect(level: Level<T>, filter: string[], depth: number, found: T[]): void {
    if (depth === filter.length) {
      if (level.entry !== undefined) found.push(level.entry);
      return;
    }
    const name = filter[depth] as string;
    const atRoot = depth === 0;
    if (name === '#') {
      // `a/#` matches `a` itself and everything below it.
      if (level.entry !== undefined && !atRoot) found.push(level.entry);
      for (const [childName, child] of level.children) if (!atRoot || !childName.startsWith('$')) this.#everything(child, found);
      return;
    }
    if (name === '+') {
      for (const [childName, child] of level.children) if (!atRoot || !childName.startsWith('$')) this.#collect(child, filter, depth + 1, found);
      return;
    }
    const child = level.children.get(name);
    if (child) this.#collect(child, filter, depth + 1, found);
  }

  #everything(level: Level<T>, found: T[]): void {
    if (level.entry !== undefined) found.push(level.entry);
    for (const child of level.children.values()) this.#everything(child, found);
  }
}
