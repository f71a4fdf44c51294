/** How many recent changes a log remembers for views that catch up change by change. */
const CHANGE_LOG_LIMIT = 4096;

/**
 * The keys of recent changes to a collection, numbered by a version that grows with every change,
 * so that views built from the collection (kept sort orders) know when and what to catch up.
 */
export class ChangeLog<Key = string> {
  private changes = 0;
  /** The key of each recent change: entry i made version base + i + 1. */
  private log: Key[] = [];
  private base = 0;

  get version(): number {
    return this.changes;
  }

  /**
   * The keys changed after `version` (repeats included), or undefined when the log no longer
   * reaches back that far: the caller then rebuilds from the whole collection.
   */
  changedSince(version: number): Key[] | undefined {
    if (version < this.base || version > this.changes) return undefined;
    return this.log.slice(version - this.base);
  }

  /** Counts a change of one key, or of many (null) which no view can follow change by change. */
  changed(key: Key | null): void {
    this.changes += 1;
    if (key === null) {
      this.log = [];
      this.base = this.changes;
      return;
    }
    this.log.push(key);
    if (this.log.length > CHANGE_LOG_LIMIT) {
      const dropped = this.log.length - CHANGE_LOG_LIMIT / 2;
      this.log = this.log.slice(dropped);
      this.base += dropped;
    }
  }
}
