import type { Database } from '../../database/database.js';
import type { DroppedMessages } from './dropped-messages.js';
import { copyPacket, storedBytes, type PersistedPacket } from './persisted-packet.js';
import { outgoingRows, type QueuedMessage } from './persistence-rows.js';
import { SharedPayloads } from './shared-payloads.js';
import type { WriteBehind } from './write-behind.js';

export interface QueueBounds {
  maxQueuedMessages: number;
  /** The bytes of topics, payloads and properties one session's queue may hold; a message larger on its own still goes into an empty queue. */
  maxQueuedBytes: number;
  /** The bytes of topics, payloads and properties all sessions' queues hold together at most; no exception for an empty queue. */
  maxTotalQueuedBytes: number;
}

/**
 * Per persistent session, the QoS 1/2 messages not yet acknowledged by the client, in order:
 * queued while it was away, or in flight (a message id assigned, or the publish replaced by the
 * pubrel of a QoS 2 flow). Bounded per session in messages and in bytes (topics, payloads and
 * properties), and over all sessions in bytes: many sessions each under their own bound could
 * still fill the node's memory and disk. A message a bound refuses is dropped and counted.
 */
export class OutgoingQueues {
  readonly #queues = new Map<string, QueuedMessage[]>();
  /** The bytes (topics, payloads and properties) of each non-empty queue. */
  readonly #bytes = new Map<string, number>();
  /** The bytes (topics, payloads and properties) of all queues. */
  #totalBytes = 0;
  readonly #journal: WriteBehind;
  readonly #dropped: DroppedMessages;
  readonly #bounds: QueueBounds;
  readonly #payloads: SharedPayloads;
  #nextId = 1;

  constructor(journal: WriteBehind, dropped: DroppedMessages, bounds: QueueBounds) {
    this.#journal = journal;
    this.#dropped = dropped;
    this.#bounds = bounds;
    this.#payloads = new SharedPayloads(journal);
  }

  /**
   * Reads the queues stored at start-up and puts them back without writing them again (a queue
   * stored under larger bounds is kept whole). Messages that shared a stored payload share one
   * Buffer again; a message whose stored payload is missing cannot be sent whole and is dropped.
   */
  load(database: Database): void {
    const payloads = this.#payloads.load(database);
    for (const { message, payloadId } of outgoingRows.load(database)) {
      const shared = payloadId === undefined ? undefined : payloads.get(payloadId);
      if (payloadId !== undefined && !shared) {
        outgoingRows.remove(this.#journal, message);
        continue;
      }
      if (shared) {
        message.packet.payload = shared.payload;
        message.payloadRow = shared.row;
        this.#payloads.restore(shared.payload, shared.row);
      }
      this.#queue(message.clientId).push(message);
      this.#weigh(message.clientId, storedBytes(message.packet));
      this.#nextId = Math.max(this.#nextId, message.id + 1);
    }
    this.#payloads.forgetUnreferenced(payloads.values());
  }

  enqueue(clientId: string, packet: PersistedPacket): void {
    const queue = this.#queue(clientId);
    const bytes = storedBytes(packet);
    const held = this.#bytes.get(clientId) ?? 0;
    const full = queue.length >= this.#bounds.maxQueuedMessages || (queue.length > 0 && held + bytes > this.#bounds.maxQueuedBytes);
    if (full || this.#totalBytes + bytes > this.#bounds.maxTotalQueuedBytes) {
      this.#dropped.record(clientId, packet);
      return;
    }
    const message: QueuedMessage = { id: this.#nextId++, clientId, packet: copyPacket(packet), written: false };
    message.payloadRow = this.#payloads.hold(message.packet.payload);
    queue.push(message);
    this.#weigh(clientId, bytes);
    outgoingRows.save(this.#journal, message);
  }

  /**
   * Records the message id Aedes assigned to a queued publish (found by broker id and counter),
   * or replaces a publish by the pubrel carrying its message id.
   */
  update(clientId: string, packet: PersistedPacket): void {
    const queue = this.#queues.get(clientId) ?? [];
    const assigning = packet.cmd === 'publish';
    for (const message of queue) {
      const queued = message.packet;
      // A publish is found by broker id and counter, never by message id: ids wrap at 65535, and
      // pubrels carry neither broker id nor counter, so matching those two alone would take the
      // pubrel of one QoS 2 flow for the next one and give it that flow's id.
      if (assigning) {
        if (queued.cmd === 'publish' && queued.brokerId === packet.brokerId && queued.brokerCounter === packet.brokerCounter) {
          queued.messageId = packet.messageId;
          outgoingRows.save(this.#journal, message);
          return;
        }
      } else if (queued.messageId === packet.messageId) {
        this.#weigh(clientId, storedBytes(packet) - storedBytes(queued));
        this.#release(message);
        message.packet = packet;
        outgoingRows.save(this.#journal, message);
        return;
      }
    }
    if (packet.cmd === 'publish' && this.#dropped.startLiveDelivery(clientId, packet)) return;
    if (packet.cmd === 'pubrel' && this.#dropped.isLiveDelivery(clientId, packet.messageId)) return;
    throw new Error('no such packet');
  }

  /**
   * The publish carrying `messageId` went out on the wire: should it be sent again (the session
   * resumed before its acknowledgement), it goes with DUP 1 (MQTT 5 section 3.3.1.1). Marked when
   * sent, not when its id was assigned, as a message held back by the client's Receive Maximum has
   * an id but was never sent.
   */
  markSent(clientId: string, messageId: number): void {
    const message = this.#queues.get(clientId)?.find(({ packet }) => packet.cmd === 'publish' && packet.messageId === messageId);
    if (!message || message.packet.dup) return;
    message.packet.dup = true;
    outgoingRows.save(this.#journal, message);
  }

  /**
   * Removes the acknowledged (or skipped) message and returns it. A message Aedes never gave an
   * id to, such as one skipped by a no-local subscription, is found by broker id and counter.
   */
  clear(clientId: string, packet: PersistedPacket): PersistedPacket | undefined {
    // A clean session's acknowledgements land here too, with no queue: no search for those.
    const queue = this.#queues.get(clientId);
    const index = queue ? indexOfCleared(queue, packet) : -1;
    const message = queue?.[index];
    if (!queue || !message) {
      this.#dropped.endLiveDelivery(clientId, packet.messageId);
      return undefined;
    }
    // Acknowledgements usually come oldest first, and shift() is O(1) where splice moves the array.
    if (index === 0) queue.shift();
    else queue.splice(index, 1);
    this.#weigh(clientId, -storedBytes(message.packet));
    if (queue.length === 0) {
      this.#queues.delete(clientId);
      this.#bytes.delete(clientId);
    }
    outgoingRows.remove(this.#journal, message);
    this.#release(message);
    return message.packet;
  }

  /** A snapshot, so acknowledgements arriving while Aedes replays the queue do not disturb it. */
  snapshot(clientId: string): PersistedPacket[] {
    return (this.#queues.get(clientId) ?? []).map((message) => message.packet);
  }

  countFor(clientId: string): number {
    return this.#queues.get(clientId)?.length ?? 0;
  }

  clientIds(): IterableIterator<string> {
    return this.#queues.keys();
  }

  removeClient(clientId: string): void {
    for (const message of this.#queues.get(clientId) ?? []) {
      outgoingRows.remove(this.#journal, message);
      this.#release(message);
    }
    this.#queues.delete(clientId);
    this.#totalBytes -= this.#bytes.get(clientId) ?? 0;
    this.#bytes.delete(clientId);
  }

  /** The highest broker counter queued for `brokerId`, so new messages can continue after it. */
  highestBrokerCounter(brokerId: string): number {
    let highest = 0;
    for (const queue of this.#queues.values()) {
      for (const { packet } of queue) {
        if (packet.brokerId === brokerId) highest = Math.max(highest, packet.brokerCounter ?? 0);
      }
    }
    return highest;
  }

  /** The message no longer holds its payload (it is gone, or now a pubrel, which has none). */
  #release(message: QueuedMessage): void {
    this.#payloads.release(message.packet.payload, message.payloadRow);
    message.payloadRow = undefined;
  }

  #weigh(clientId: string, change: number): void {
    if (change === 0) return;
    this.#bytes.set(clientId, (this.#bytes.get(clientId) ?? 0) + change);
    this.#totalBytes += change;
  }

  #queue(clientId: string): QueuedMessage[] {
    let queue = this.#queues.get(clientId);
    if (!queue) {
      queue = [];
      this.#queues.set(clientId, queue);
    }
    return queue;
  }
}

/** Where the message an acknowledgement (or a skip) clears sits in its queue; -1 when it is not there. */
function indexOfCleared(queue: QueuedMessage[], packet: PersistedPacket): number {
  const unassigned = packet.messageId === undefined && packet.brokerId !== undefined;
  return queue.findIndex(({ packet: queued }) =>
    unassigned
      ? queued.messageId === undefined && queued.brokerId === packet.brokerId && queued.brokerCounter === packet.brokerCounter
      : queued.messageId === packet.messageId,
  );
}
