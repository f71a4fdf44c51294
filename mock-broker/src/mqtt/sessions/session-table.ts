import type { ClientType, ConnectionState, SessionRecord } from './session-record.js';

export type StoredSessionFields = Omit<SessionRecord, 'subscriptions'>;

/** The bits of a slot's flags; the list's filters decide per combination (FLAG_COMBINATIONS of them). */
export const SESSION_FLAGS = { connected: 1, cleanStart: 2, application: 4 } as const;
export const FLAG_COMBINATIONS = 8;
const CONNECTED = SESSION_FLAGS.connected;
const CLEAN_START = SESSION_FLAGS.cleanStart;
const APPLICATION = SESSION_FLAGS.application;
const INITIAL_CAPACITY = 1024;
/** Not a lowercase hex digit. */
const NOT_UUID_CHARACTER = /[^0-9a-f]/;

/**
 * The 32 hex digits of a canonical UUID (crypto.randomUUID's form), which is kept as its 16 bytes,
 * not as a 36-character string; undefined for any other text.
 */
function uuidDigits(text: string): string | undefined {
  if (text.length !== 36 || text[8] !== '-' || text[13] !== '-' || text[18] !== '-' || text[23] !== '-') return undefined;
  const digits = text.slice(0, 8) + text.slice(9, 13) + text.slice(14, 18) + text.slice(19, 23) + text.slice(24);
  return NOT_UUID_CHARACTER.test(digits) ? undefined : digits;
}
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * Strings many sessions share (node ids, addresses without their port, user names), each kept once
 * while a session holds it: a value no session holds any more is let go and its index reused, so
 * that clients connecting under ever new user names or from ever new addresses do not grow it.
 */
class Interned {
  /** Index 0 is null; a let-go index holds null until it is reused. */
  readonly values: (string | null)[] = [null];
  readonly #index = new Map<string | null, number>([[null, 0]]);
  /** Sessions holding each index (index 0, null, is never let go). */
  readonly #holders: number[] = [0];
  readonly #free: number[] = [];

  /** The value's index, held once more. */
  hold(value: string | null): number {
    let index = this.#index.get(value);
    if (index === undefined) {
      index = this.#free.pop() ?? this.values.length;
      this.values[index] = value;
      this.#holders[index] = 0;
      this.#index.set(value, index);
    }
    this.#holders[index] = (this.#holders[index] ?? 0) + 1;
    return index;
  }

  /** One holder fewer for the index; the value goes when none is left. */
  release(index: number): void {
    if (index === 0) return;
    const holders = (this.#holders[index] ?? 0) - 1;
    this.#holders[index] = holders;
    if (holders > 0) return;
    this.#index.delete(this.values[index] ?? null);
    this.values[index] = null;
    this.#free.push(index);
  }

  /** Values held now (null not counted). */
  get size(): number {
    return this.#index.size - 1;
  }
}

function grown<T extends Float64Array | Uint32Array | Uint16Array | Uint8Array>(column: T, capacity: number, make: (length: number) => T): T {
  const larger = make(capacity);
  larger.set(column);
  return larger;
}

/**
 * Every session of the node, one slot each, in columns: numbers in typed arrays, client ids in one
 * array, shared strings interned. A million offline sessions held as objects cost about a kilobyte
 * each (a record, its boxed timestamps, its UUID and address strings, the list's row objects);
 * here they cost a few dozen bytes plus the client id, and the sessions list walks the columns
 * (session-order.ts, session-filter.ts) without touching an object per session.
 */
export class SessionTable {
  /** The slot of each client id; freed slots are reused. */
  readonly slotOf = new Map<string, number>();
  /** undefined: a free slot. */
  readonly clientIds: (string | undefined)[] = [];
  connectedAt = new Float64Array(INITIAL_CAPACITY);
  /** NaN while connected (the record's null). */
  disconnectedAt = new Float64Array(INITIAL_CAPACITY);
  subscriptionsCount = new Uint32Array(INITIAL_CAPACITY);
  sessionExpiryInterval = new Uint32Array(INITIAL_CAPACITY);
  keepAliveSeconds = new Uint16Array(INITIAL_CAPACITY);
  mqttVersion = new Uint8Array(INITIAL_CAPACITY);
  flags = new Uint8Array(INITIAL_CAPACITY);
  /** 1 for a slot holding a session: the list's filters start from a copy of it. */
  occupied = new Uint8Array(INITIAL_CAPACITY);
  /** Into `nodes`, `hosts` and `users`. */
  nodeIndex = new Uint16Array(INITIAL_CAPACITY);
  hostIndex = new Uint32Array(INITIAL_CAPACITY);
  userIndex = new Uint32Array(INITIAL_CAPACITY);
  /** The port of the address, +1 (0: the address has none, e.g. one forwarded by a proxy). */
  port = new Uint32Array(INITIAL_CAPACITY);
  #uuids = new Uint8Array(INITIAL_CAPACITY * 16);
  /** Session ids that are not canonical UUIDs (none the broker makes), by slot. */
  readonly #otherSessionIds = new Map<number, string>();
  readonly nodes = new Interned();
  readonly hosts = new Interned();
  readonly users = new Interned();
  readonly #free: number[] = [];
  #capacity = INITIAL_CAPACITY;
  #subscriptionTotal = 0;

  /** The subscriptions of every session, kept as the slots change: read on each SUBSCRIBE, never walked. */
  get subscriptionTotal(): number {
    return this.#subscriptionTotal;
  }

  /** Sets a slot's count of subscriptions, and the total with it. */
  setSubscriptionsCount(slot: number, count: number): void {
    this.#subscriptionTotal += count - (this.subscriptionsCount[slot] ?? 0);
    this.subscriptionsCount[slot] = count;
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** One past the highest slot ever used: walks go from 0 to here and skip free slots. */
  get end(): number {
    return this.clientIds.length;
  }

  /** Writes the session into its slot (a new one for a new client id); answers the slot. */
  put(session: StoredSessionFields, subscriptionsCount: number): number {
    let slot = this.slotOf.get(session.clientId);
    const known = slot !== undefined;
    if (slot === undefined) {
      slot = this.#free.pop() ?? this.#newSlot();
      this.slotOf.set(session.clientId, slot);
      this.clientIds[slot] = session.clientId;
      this.occupied[slot] = 1;
    }
    // The slot's old strings are let go after the new ones are held: an unchanged value stays put.
    const before = known ? [this.nodeIndex[slot] ?? 0, this.userIndex[slot] ?? 0, this.hostIndex[slot] ?? 0] : undefined;
    this.connectedAt[slot] = session.connectedAt;
    this.disconnectedAt[slot] = session.disconnectedAt ?? Number.NaN;
    this.setSubscriptionsCount(slot, subscriptionsCount);
    this.sessionExpiryInterval[slot] = session.sessionExpiryInterval;
    this.keepAliveSeconds[slot] = session.keepAliveSeconds;
    this.mqttVersion[slot] = session.mqttVersion;
    this.flags[slot] = (session.connectionState === 'CONNECTED' ? CONNECTED : 0) | (session.cleanStart ? CLEAN_START : 0) | (session.clientType === 'APPLICATION' ? APPLICATION : 0);
    this.nodeIndex[slot] = this.nodes.hold(session.nodeId);
    this.userIndex[slot] = this.users.hold(session.username);
    this.#putAddress(slot, session.clientIpAdr);
    this.#putSessionId(slot, session.sessionId);
    if (before) this.#release(before[0] ?? 0, before[1] ?? 0, before[2] ?? 0);
    return slot;
  }

  delete(clientId: string): number | undefined {
    const slot = this.slotOf.get(clientId);
    if (slot === undefined) return undefined;
    this.slotOf.delete(clientId);
    this.setSubscriptionsCount(slot, 0);
    this.clientIds[slot] = undefined;
    this.occupied[slot] = 0;
    this.#otherSessionIds.delete(slot);
    this.#release(this.nodeIndex[slot] ?? 0, this.userIndex[slot] ?? 0, this.hostIndex[slot] ?? 0);
    this.nodeIndex[slot] = 0;
    this.userIndex[slot] = 0;
    this.hostIndex[slot] = 0;
    this.#free.push(slot);
    return slot;
  }

  #release(node: number, user: number, host: number): void {
    this.nodes.release(node);
    this.users.release(user);
    this.hosts.release(host);
  }

  connectionState(slot: number): ConnectionState {
    return ((this.flags[slot] ?? 0) & CONNECTED) !== 0 ? 'CONNECTED' : 'DISCONNECTED';
  }

  clientType(slot: number): ClientType {
    return ((this.flags[slot] ?? 0) & APPLICATION) !== 0 ? 'APPLICATION' : 'DEVICE';
  }

  cleanStart(slot: number): boolean {
    return ((this.flags[slot] ?? 0) & CLEAN_START) !== 0;
  }

  isConnected(slot: number): boolean {
    return ((this.flags[slot] ?? 0) & CONNECTED) !== 0;
  }

  nodeId(slot: number): string {
    return this.nodes.values[this.nodeIndex[slot] ?? 0] ?? '';
  }

  username(slot: number): string | null {
    return this.users.values[this.userIndex[slot] ?? 0] ?? null;
  }

  /** The address as the session was given it (host and port joined again). */
  clientIpAdr(slot: number): string {
    const host = this.hosts.values[this.hostIndex[slot] ?? 0] ?? '';
    const port = this.port[slot] ?? 0;
    return port === 0 ? host : `${host}:${port - 1}`;
  }

  disconnectedAtOf(slot: number): number | null {
    const at = this.disconnectedAt[slot] ?? Number.NaN;
    return Number.isNaN(at) ? null : at;
  }

  sessionId(slot: number): string {
    const other = this.#otherSessionIds.get(slot);
    if (other !== undefined) return other;
    const bytes = this.#uuids;
    const at = slot * 16;
    let text = '';
    for (let index = 0; index < 16; index += 1) {
      if (index === 4 || index === 6 || index === 8 || index === 10) text += '-';
      text += HEX[bytes[at + index] ?? 0];
    }
    return text;
  }

  /** The session of a slot as a record (without its subscriptions, which the registry adds). */
  fields(slot: number): StoredSessionFields {
    return {
      clientId: this.clientIds[slot] ?? '',
      sessionId: this.sessionId(slot),
      clientType: this.clientType(slot),
      nodeId: this.nodeId(slot),
      connectionState: this.connectionState(slot),
      connectedAt: this.connectedAt[slot] ?? 0,
      disconnectedAt: this.disconnectedAtOf(slot),
      clientIpAdr: this.clientIpAdr(slot),
      mqttVersion: this.mqttVersion[slot] ?? 4,
      keepAliveSeconds: this.keepAliveSeconds[slot] ?? 0,
      cleanStart: this.cleanStart(slot),
      sessionExpiryInterval: this.sessionExpiryInterval[slot] ?? 0,
      username: this.username(slot),
    };
  }

  #putAddress(slot: number, address: string): void {
    // Addresses differ by their port alone, mostly: the host is kept once, the port as a number.
    const colon = address.lastIndexOf(':');
    const portText = colon > 0 ? address.slice(colon + 1) : '';
    const port = /^\d{1,5}$/.test(portText) && String(Number(portText)) === portText ? Number(portText) : -1;
    if (port < 0 || address.indexOf(':') !== colon) {
      // No port, or an IPv6 address: kept whole.
      this.hostIndex[slot] = this.hosts.hold(address);
      this.port[slot] = 0;
      return;
    }
    this.hostIndex[slot] = this.hosts.hold(address.slice(0, colon));
    this.port[slot] = port + 1;
  }

  #putSessionId(slot: number, sessionId: string): void {
    this.#otherSessionIds.delete(slot);
    const digits = uuidDigits(sessionId);
    if (digits === undefined) {
      this.#otherSessionIds.set(slot, sessionId);
      return;
    }
    // Buffer's hex decoding, native: a million session ids are read at start-up.
    Buffer.from(this.#uuids.buffer, this.#uuids.byteOffset, this.#uuids.byteLength).write(digits, slot * 16, 16, 'hex');
  }

  #newSlot(): number {
    const slot = this.clientIds.length;
    this.clientIds.push(undefined);
    if (slot >= this.#capacity) this.#grow();
    return slot;
  }

  #grow(): void {
    const capacity = this.#capacity * 2;
    this.connectedAt = grown(this.connectedAt, capacity, (length) => new Float64Array(length));
    this.disconnectedAt = grown(this.disconnectedAt, capacity, (length) => new Float64Array(length));
    this.subscriptionsCount = grown(this.subscriptionsCount, capacity, (length) => new Uint32Array(length));
    this.sessionExpiryInterval = grown(this.sessionExpiryInterval, capacity, (length) => new Uint32Array(length));
    this.keepAliveSeconds = grown(this.keepAliveSeconds, capacity, (length) => new Uint16Array(length));
    this.mqttVersion = grown(this.mqttVersion, capacity, (length) => new Uint8Array(length));
    this.flags = grown(this.flags, capacity, (length) => new Uint8Array(length));
    this.occupied = grown(this.occupied, capacity, (length) => new Uint8Array(length));
    this.nodeIndex = grown(this.nodeIndex, capacity, (length) => new Uint16Array(length));
    this.hostIndex = grown(this.hostIndex, capacity, (length) => new Uint32Array(length));
    this.userIndex = grown(this.userIndex, capacity, (length) => new Uint32Array(length));
    this.port = grown(this.port, capacity, (length) => new Uint32Array(length));
    this.#uuids = grown(this.#uuids, capacity * 16, (length) => new Uint8Array(length));
    this.#capacity = capacity;
  }
}
