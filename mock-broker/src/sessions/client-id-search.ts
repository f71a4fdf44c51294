import type { SessionRegistry } from '../mqtt/sessions/session-registry.js';

/** Between two client ids in the text; a search containing it is answered by a walk instead. */
const SEPARATOR = '\u0000';
const ASCII_UPPER = /[A-Z]/g;
// eslint-disable-next-line no-control-regex -- the search must be plain ASCII without the separator
const PLAIN_ASCII = /^[\u0001-\u007f]+$/;

/** Only A–Z lowered: the text keeps every other character where it was (toLowerCase may change lengths). */
function asciiLower(text: string): string {
  return text.replace(ASCII_UPPER, (letter) => letter.toLowerCase());
}

/**
 * Finds the sessions whose client id contains a text, ignoring case, among a million without
 * testing a million strings: every client id, ASCII-lowered, in one long text, searched with
 * indexOf (a native scan of a few megabytes), each hit mapped back to its session's slot. For a
 * plain ASCII search this matches exactly what a case-insensitive regular expression matches: such
 * an expression (without the u flag) folds no other character onto an ASCII letter. Other searches
 * get undefined and are matched one by one.
 *
 * Kept current like the list's orders: client ids of new sessions are appended; those of removed
 * ones are marked dead, and the text is made again once most of it is dead.
 */
export class ClientIdSearch {
  #text = '';
  /** Where each entry starts in the text, ascending, and the slot it stands for (-1: dead). */
  #starts = new Int32Array(1024);
  #slots = new Int32Array(1024);
  #entries = 0;
  #dead = 0;
  /** The entry of each slot, -1 when it has none. */
  #entryOf = new Int32Array(0);
  #version = -1;
  /** Client ids appended since the text was last joined, and the length the text will have then. */
  #pending: string[] = [];
  #length = 0;

  constructor(private readonly registry: SessionRegistry) {}

  /** A mark per slot (1: its client id contains `search`), or undefined for a search answered one by one. */
  matching(search: string): Uint8Array | undefined {
    if (!PLAIN_ASCII.test(search) || search.includes(SEPARATOR)) return undefined;
    this.#catchUp();
    const text = this.#text;
    const needle = asciiLower(search);
    const marks = new Uint8Array(this.registry.table.end);
    let entry = 0;
    for (let at = text.indexOf(needle); at >= 0; ) {
      entry = this.#entryAt(at, entry);
      const slot = this.#slots[entry] ?? -1;
      if (slot >= 0) marks[slot] = 1;
      // On to the next client id: one hit per session is enough.
      const next = entry + 1 < this.#entries ? (this.#starts[entry + 1] ?? text.length) : text.length;
      at = text.indexOf(needle, next);
    }
    return marks;
  }

  /**
   * The entry holding position `at`: the last one starting at or before it (from `from` on). Hits
   * come in text order, usually a few entries apart, so the range is found by doubling steps from
   * `from` before the binary search: a search with a hit in every tenth client id costs a few
   * steps per hit, not twenty.
   */
  #entryAt(at: number, from: number): number {
    const starts = this.#starts;
    let low = from;
    let high = this.#entries - 1;
    for (let step = 1; low + step <= high; step *= 2) {
      if ((starts[low + step] ?? 0) > at) {
        high = low + step - 1;
        break;
      }
      low += step;
    }
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if ((starts[middle] ?? 0) <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  #catchUp(): void {
    const { registry } = this;
    if (this.#version === registry.version) return;
    const changed = this.#version < 0 ? undefined : registry.changedSince(this.#version);
    this.#version = registry.version;
    if (changed === undefined || this.#dead > this.#entries / 2) {
      this.#rebuild();
      return;
    }
    this.#ensureSlots(registry.table.end);
    for (const slot of new Set(changed)) {
      const entry = this.#entryOf[slot] ?? -1;
      const clientId = registry.table.clientIds[slot];
      // A changed session keeps its entry while its slot holds the same client id.
      if (entry >= 0 && clientId !== undefined && this.#idAt(entry) === asciiLower(clientId)) continue;
      if (entry >= 0) {
        this.#slots[entry] = -1;
        this.#entryOf[slot] = -1;
        this.#dead += 1;
      }
      if (clientId !== undefined) this.#append(slot, clientId);
    }
    this.#flush();
  }

  #idAt(entry: number): string {
    const start = this.#starts[entry] ?? 0;
    const end = entry + 1 < this.#entries ? (this.#starts[entry + 1] ?? 0) - 1 : this.#text.length - 1;
    return this.#text.slice(start, end);
  }

  #rebuild(): void {
    const { table } = this.registry;
    this.#text = '';
    this.#pending = [];
    this.#length = 0;
    this.#entries = 0;
    this.#dead = 0;
    this.#entryOf = new Int32Array(0);
    this.#ensureSlots(table.end);
    for (let slot = 0; slot < table.end; slot += 1) {
      const clientId = table.clientIds[slot];
      if (clientId !== undefined) this.#append(slot, clientId);
    }
    this.#flush();
  }

  #append(slot: number, clientId: string): void {
    if (this.#entries === this.#starts.length) {
      this.#starts = grown(this.#starts, this.#starts.length * 2);
      this.#slots = grown(this.#slots, this.#slots.length * 2);
    }
    this.#starts[this.#entries] = this.#length;
    this.#slots[this.#entries] = slot;
    this.#entryOf[slot] = this.#entries;
    this.#entries += 1;
    this.#pending.push(asciiLower(clientId));
    this.#length += clientId.length + 1;
  }

  /** Joins what was appended into the text once (one flat string to search, not a chain of pieces). */
  #flush(): void {
    if (this.#pending.length === 0) return;
    this.#text = this.#text + this.#pending.join(SEPARATOR) + SEPARATOR;
    this.#pending = [];
  }

  #ensureSlots(end: number): void {
    if (this.#entryOf.length >= end) return;
    const larger = new Int32Array(Math.max(1024, end * 2)).fill(-1);
    larger.set(this.#entryOf);
    this.#entryOf = larger;
  }
}

function grown(array: Int32Array, length: number): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(length);
  larger.set(array);
  return larger;
}
