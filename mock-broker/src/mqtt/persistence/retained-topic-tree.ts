/** One topic level: the entry stored at exactly this topic, and the levels below. */
interface Level<T> {
  entry: T | undefined;
  children: Map<string, Level<T>>;
}

const emptyLevel = <T>(): Level<T> => ({ entry: undefined, children: new Map() });

/**
 * Entries keyed by topic in a tree of topic levels, so that a SUBSCRIBE's filter walks only the
 * branches it can match (MQTT 4.7) instead of every retained topic: `+` takes every child of one
 * level, `#` a whole branch, a literal level one child.
 */
export class RetainedTopicTree<T> {
  readonly #root: Level<T> = emptyLevel();

  set(topic: string, entry: T): void {
    let level = this.#root;
    for (const name of topic.split('/')) {
      let child = level.children.get(name);
      if (!child) {
        child = emptyLevel();
        level.children.set(name, child);
      }
      level = child;
    }
    level.entry = entry;
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
    level.entry = undefined;
    for (let index = path.length - 1; index >= 0; index -= 1) {
      const [parent, name] = path[index] as [Level<T>, string];
      const child = parent.children.get(name);
      if (!child || child.entry !== undefined || child.children.size > 0) break;
      parent.children.delete(name);
    }
  }

  /** Entries whose topic matches the filter; a filter starting with a wildcard skips `$` topics (MQTT 4.7.2). */
  *match(filter: string): Generator<T> {
    yield* this.#walk(this.#root, filter.split('/'), 0, true);
  }

  *#walk(level: Level<T>, filter: string[], depth: number, atRoot: boolean): Generator<T> {
    if (depth === filter.length) {
      if (level.entry !== undefined) yield level.entry;
      return;
    }
    const name = filter[depth] as string;
    if (name === '#') {
      // `a/#` matches `a` itself and everything below it.
      if (level.entry !== undefined && !atRoot) yield level.entry;
      yield* this.#everything(level, atRoot);
      return;
    }
    if (name === '+') {
      for (const [childName, child] of level.children) {
        if (atRoot && childName.startsWith('$')) continue;
        yield* this.#walk(child, filter, depth + 1, false);
      }
      return;
    }
    const child = level.children.get(name);
    if (child) yield* this.#walk(child, filter, depth + 1, false);
  }

  *#everything(level: Level<T>, atRoot: boolean): Generator<T> {
    for (const [childName, child] of level.children) {
      if (atRoot && childName.startsWith('$')) continue;
      if (child.entry !== undefined) yield child.entry;
      yield* this.#everything(child, false);
    }
  }
}
