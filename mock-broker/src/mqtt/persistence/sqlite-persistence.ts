import { Readable } from 'node:stream';
import type { TrieSubscription } from 'qlobber/aedes/qlobber-sub.js';
import type { Database } from '../../database/database.js';
import { DroppedMessages, type DroppedListener } from './dropped-messages.js';
import { IncomingPackets } from './incoming-packets.js';
import { OutgoingQueues } from './outgoing-queues.js';
import type { PersistedPacket } from './persisted-packet.js';
import { incomingRows, retainedRows, subscriptionRows, willRows } from './persistence-rows.js';
import { RetainedMessages } from './retained-messages.js';
import { RetainedView } from './retained-view.js';
import { SessionView } from './session-view.js';
import { SubscriptionIndex, type ClientSubscription, type SubscriptionRequest } from './subscription-index.js';
import { Wills } from './wills.js';
import { WriteBehind, type RowJournal, type StoredCallback } from './write-behind.js';

export const DEFAULT_MAX_QUEUED_MESSAGES = 1000;
export const DEFAULT_FLUSH_INTERVAL_MS = 25;

export interface SqlitePersistenceOptions {
  /** Per session; a message arriving for a full queue is dropped and counted. */
  maxQueuedMessages?: number;
  /** Per session, the bytes of topics, payloads and properties queued (see OutgoingQueues); no bound by default. */
  maxQueuedBytes?: number;
  /** All sessions together, the bytes of topics, payloads and properties queued (see OutgoingQueues); no bound by default. */
  maxTotalQueuedBytes?: number;
  /** How often changes nobody waits for are written to SQLite (see WriteBehind). */
  flushIntervalMs?: number;
  /**
   * Hold the broker's acknowledgements (and what follows them) until the changes they answer for
   * are committed; on by default. Off only to measure what it costs (scripts/bench): without it a
   * crash loses up to `flushIntervalMs` of acknowledged messages.
   */
  acknowledgeAfterCommit?: boolean;
  /**
   * Keep the whole of each unreleased QoS 2 PUBLISH, as aedes-persistence's contract returns it;
   * on by default. The node turns it off (mqtt-broker.ts): see IncomingPackets.
   */
  keepIncomingPayloads?: boolean;
  onDropped?: DroppedListener;
  onFlushError?: (error: unknown) => void;
}

/** What the persistence needs of the Aedes instance it serves. */
export interface PersistenceBroker {
  id: string;
  /** The source of brokerCounter, Aedes' per-broker message sequence. */
  counter: number;
}

interface ClientRef {
  id: string;
}

const NO_SUCH_PACKET = new Error('no such packet');

function wholeAboveZero(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number above 0, got ${value}`);
  return value;
}

const reportFlushError = (error: unknown) => console.error('Could not write the MQTT session store to SQLite, will retry:', error);

/**
 * Aedes' persistence: the async interface of aedes-persistence 10, following its in-memory
 * implementation method by method. Everything is read from the node's SQLite file when the
 * persistence is created and kept in memory for speed, and every change is written through to the
 * file (batched, see WriteBehind), so persistent sessions, retained messages and wills survive a
 * restart.
 */
export class SqlitePersistence {
  readonly #journal: WriteBehind;
  readonly #subscriptions: SubscriptionIndex;
  readonly #outgoing: OutgoingQueues;
  readonly #retained: RetainedMessages;
  readonly #incoming: IncomingPackets;
  readonly #wills: Wills;
  readonly #dropped: DroppedMessages;
  readonly #acknowledgeAfterCommit: boolean;
  #broker: PersistenceBroker | undefined;
  #destroyed = false;
  readonly #discardedListeners: ((clientId: string) => void)[] = [];

  /** Messages refused by full queues since the node started: `total` and `countFor(clientId)`. */
  readonly droppedMessages: Pick<DroppedMessages, 'total' | 'countFor' | 'discarded'>;
  readonly sessions: SessionView;
  readonly retainedMessages: RetainedView;

  constructor(database: Database, options: SqlitePersistenceOptions = {}) {
    const maxQueuedMessages = wholeAboveZero('maxQueuedMessages', options.maxQueuedMessages ?? DEFAULT_MAX_QUEUED_MESSAGES);
    const maxQueuedBytes = wholeAboveZero('maxQueuedBytes', options.maxQueuedBytes ?? Number.MAX_SAFE_INTEGER);
    const maxTotalQueuedBytes = wholeAboveZero('maxTotalQueuedBytes', options.maxTotalQueuedBytes ?? Number.MAX_SAFE_INTEGER);
    this.#journal = new WriteBehind(database, {
      flushIntervalMs: options.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS,
      onFlushError: options.onFlushError ?? reportFlushError,
    });
    this.#acknowledgeAfterCommit = options.acknowledgeAfterCommit ?? true;
    this.#dropped = new DroppedMessages(options.onDropped, maxQueuedMessages);
    this.#subscriptions = new SubscriptionIndex(this.#journal);
    this.#outgoing = new OutgoingQueues(this.#journal, this.#dropped, { maxQueuedMessages, maxQueuedBytes, maxTotalQueuedBytes });
    this.#retained = new RetainedMessages(this.#journal);
    this.#incoming = new IncomingPackets(this.#journal, { keepPayloads: options.keepIncomingPayloads ?? true });
    this.#wills = new Wills(this.#journal);
    this.#restore(database);

    this.droppedMessages = this.#dropped;
    this.sessions = new SessionView({
      subscriptions: this.#subscriptions,
      outgoing: this.#outgoing,
      incoming: this.#incoming,
      wills: this.#wills,
      dropped: this.#dropped,
    }, (clientId) => this.#discarded(clientId));
    this.retainedMessages = new RetainedView(this.#retained);
  }

  // Aedes (and the abstract test suite) read the broker back from the persistence.
  get broker(): PersistenceBroker | undefined {
    return this.#broker;
  }

  async setup(broker: PersistenceBroker): Promise<void> {
    this.#broker = broker;
    // Aedes matches a queued message to its delivery by broker id and counter, and the counter
    // restarts at 0 with the process: continue after the highest one still queued, or a new
    // message could be taken for an old one.
    broker.counter = Math.max(broker.counter, this.#outgoing.highestBrokerCounter(broker.id));
  }

  async storeRetained(packet: PersistedPacket): Promise<void> {
    this.#retained.store(packet);
  }

  createRetainedStream(pattern: string): Readable {
    return this.createRetainedStreamCombi([pattern]);
  }

  createRetainedStreamCombi(patterns: string[]): Readable {
    return Readable.from([...this.#retained.matching(patterns)].map((entry) => entry.packet));
  }

  async addSubscriptions(client: ClientRef, subscriptions: SubscriptionRequest[]): Promise<void> {
    this.#subscriptions.add(client.id, subscriptions);
  }

  async removeSubscriptions(client: ClientRef, topics: string[]): Promise<void> {
    this.#subscriptions.remove(client.id, topics);
  }

  async subscriptionsByClient(client: ClientRef): Promise<ClientSubscription[]> {
    return this.#subscriptions.byClient(client.id);
  }

  async countOffline(): Promise<{ subsCount: number; clientsCount: number }> {
    return this.#subscriptions.count();
  }

  async subscriptionsByTopic(topic: string): Promise<TrieSubscription[]> {
    return this.#subscriptions.byTopic(topic);
  }

  /**
   * Aedes calls this when a session ends (Clean Start, a connection whose session expiry is 0
   * closing, expiry): its drop history goes too, and the QoS 2 publishes its client never
   * released, which are session state (MQTT 5 section 4.1): a persistent session keeps them across
   * its connections, as it is not cleaned then.
   */
  async cleanSubscriptions(client: ClientRef): Promise<void> {
    this.#subscriptions.clean(client.id);
    this.#incoming.removeClient(client.id);
    this.#dropped.forget(client.id);
    this.#discarded(client.id);
  }

  /**
   * Lets go of the unreleased QoS 2 publishes of every client whose session did not outlast the
   * node: after a crash they are read back from the file, though their session (Clean Start, or
   * an expiry of 0) ended with the process. A client told Session Present 0 drops its side of
   * them, and one of its new messages under the same packet id would be taken for a repeat.
   */
  forgetIncomingWithoutSession(sessionHeld: (clientId: string) => boolean): void {
    const ended = [...this.#incoming.clientIds()].filter((clientId) => !sessionHeld(clientId));
    for (const clientId of ended) this.#incoming.removeClient(clientId);
  }

  /**
   * Tells `listener` of every session discarded, whatever ended it: a Clean Start connect, its
   * expiry, or its removal (SessionView.remove). Aedes emits no event for the first.
   */
  onSessionDiscarded(listener: (clientId: string) => void): void {
    this.#discardedListeners.push(listener);
  }

  #discarded(clientId: string): void {
    for (const listener of this.#discardedListeners) listener(clientId);
  }

  async outgoingEnqueue(subscription: { clientId: string }, packet: PersistedPacket): Promise<void> {
    this.#outgoing.enqueue(subscription.clientId, packet);
  }

  /**
   * Aedes publishes a QoS 1/2 message in steps: retained store, then this (the queue entry of
   * every persistent session the message reaches), then delivery to connected clients, then the
   * PUBACK or PUBREC (patches/README.md, 002). For QoS 2 this step waits for the commit, which
   * also carries the retained message and the publisher's packet id stored just before
   * (incomingStorePacket), so that
   * - the PUBREC, which follows, means stored;
   * - the message is delivered only once its packet id is on disk: a publisher that sends it
   *   again after a crash is recognised, and the message is not delivered twice;
   * - the packet id never reaches the disk without the queue entries: such a repeat is never taken
   *   for a message already queued when it was not.
   * The wait also holds the publisher's next packets: Aedes reads on once it has written the PUBREC.
   * QoS 1 delivers at once and only its PUBACK waits (flow/acknowledge-once-stored.ts).
   */
  async outgoingEnqueueCombi(subscriptions: { clientId: string }[], packet: PersistedPacket): Promise<void> {
    for (const subscription of subscriptions) this.#outgoing.enqueue(subscription.clientId, packet);
    if (packet.qos === 2 && this.#acknowledgeAfterCommit) await this.#journal.whenStored();
  }

  /**
   * Committed before Aedes sends what it records, for QoS 2 (MQTT 5.0 section 4.3.3):
   * - the packet id given to a QoS 2 PUBLISH: sent before it is on disk, a crash would restore the
   *   message without it, and the broker would send it again under a new id, which the subscriber
   *   takes for a second message;
   * - a pubrel replacing a QoS 2 publish: once the subscriber has seen the PUBREL it may complete
   *   and forget the message, and a publish restored after a crash would then reach it as a new one.
   * A QoS 1 message may arrive twice after a crash: its id is not waited for.
   */
  async outgoingUpdate(client: ClientRef, packet: PersistedPacket): Promise<void> {
    this.#outgoing.update(client.id, packet);
    if ((packet.cmd === 'pubrel' || packet.qos === 2) && this.#acknowledgeAfterCommit) await this.#journal.whenStored();
  }

  /** Not Aedes': the node's outgoing hook reports each QoS 1/2 publish it put on the wire (OutgoingQueues.markSent). */
  outgoingSent(client: ClientRef, messageId: number): void {
    this.#outgoing.markSent(client.id, messageId);
  }

  async outgoingClearMessageId(client: ClientRef, packet: PersistedPacket): Promise<PersistedPacket | undefined> {
    return this.#outgoing.clear(client.id, packet);
  }

  outgoingStream(client: ClientRef): Readable {
    return Readable.from(this.#outgoing.snapshot(client.id));
  }

  async incomingStorePacket(client: ClientRef, packet: PersistedPacket & { messageId: number }): Promise<void> {
    this.#incoming.store(client.id, packet);
  }

  /** Not Aedes': how many QoS 2 publishes the client's session holds unreleased. */
  incomingUnreleasedCount(clientId: string): number {
    return this.#incoming.countFor(clientId);
  }

  /** Not Aedes': whether the client's session holds the QoS 2 publish `messageId` unreleased. */
  incomingHolds(clientId: string, messageId: number | undefined): boolean {
    return this.#incoming.get(clientId, messageId) !== undefined;
  }

  /**
   * Aedes asks this for every QoS 2 PUBLISH, and a new message is the usual answer: the refusal is
   * one shared error, as capturing a stack trace for each took 5–8 % of the broker's time
   * under QoS 2 load. Aedes only tells found from not found.
   */
  incomingGetPacket(client: ClientRef, packet: Pick<PersistedPacket, 'messageId'>): Promise<PersistedPacket> {
    const stored = this.#incoming.get(client.id, packet.messageId);
    return stored ? Promise.resolve(stored) : Promise.reject(NO_SUCH_PACKET);
  }

  /**
   * Idempotent: Aedes handles the packets of one read together, so a PUBREL repeated in the same
   * segment finds the packet already released, and Aedes leaves a rejection here unhandled, which
   * would end the process. Committed before Aedes sends the PUBCOMP: after it the publisher may reuse
   * the packet id, and a stale id restored after a crash would make the broker take the new message
   * for a repeat of the old one, acknowledge it and drop it.
   */
  async incomingDelPacket(client: ClientRef, packet: Pick<PersistedPacket, 'messageId'>): Promise<void> {
    this.#incoming.delete(client.id, packet.messageId);
    if (this.#acknowledgeAfterCommit) await this.#journal.whenStored();
  }

  /** Tags the will (in place, as Aedes expects) with this broker and the client. */
  async putWill(client: ClientRef, will: PersistedPacket): Promise<void> {
    will.brokerId = this.#requireBroker().id;
    will.clientId = client.id;
    this.#wills.put(client.id, will);
  }

  async getWill(client: ClientRef): Promise<PersistedPacket | undefined> {
    return this.#wills.get(client.id);
  }

  async delWill(client: ClientRef): Promise<PersistedPacket | undefined> {
    return this.#wills.delete(client.id);
  }

  streamWill(liveBrokers: Record<string, unknown> = {}): Readable {
    return Readable.from(this.#wills.heldByOtherBrokers(liveBrokers));
  }

  getClientList(topicFilter: string): Readable {
    return Readable.from(this.#subscriptions.clientsSubscribedTo(topicFilter));
  }

  /**
   * Rows other parts of the node write in the same commits as the sessions' (the integrations'
   * backlog): a publisher's acknowledgement waits for them too.
   */
  get journal(): RowJournal {
    return this.#journal;
  }

  /** Calls back once every change made so far is committed (see WriteBehind.afterStored). */
  afterStored(callback: StoredCallback): void {
    this.#journal.afterStored(callback);
  }

  /** Writes what is pending. Aedes' close() does not call this: the node does, after it. */
  async destroy(): Promise<void> {
    if (this.#destroyed) throw new Error('destroyed called twice!');
    this.#destroyed = true;
    this.#journal.close();
  }

  #requireBroker(): PersistenceBroker {
    if (!this.#broker) throw new Error('the persistence is used before setup()');
    return this.#broker;
  }

  #restore(database: Database): void {
    for (const entry of retainedRows.load(database)) this.#retained.restore(entry);
    for (const { clientId, topic, record } of subscriptionRows.load(database)) this.#subscriptions.restore(clientId, topic, record);
    this.#outgoing.load(database);
    for (const { clientId, packet } of incomingRows.load(database)) this.#incoming.restore(clientId, packet);
    for (const { clientId, will } of willRows.load(database)) this.#wills.restore(clientId, will);
  }
}
