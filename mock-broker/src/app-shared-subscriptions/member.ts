import type { Consumer, ConsumerGroupJoinPayload, Message, MessagesStream } from '@platformatic/kafka';
import type { Client } from 'aedes';
import type { KafkaSettings } from '../kafka/kafka-settings.js';
import type { MqttBroker } from '../mqtt/mqtt-broker.js';
import { AcknowledgedOffsets } from './acknowledged-offsets.js';
import type { AppSharedSubscription } from './app-shared-subscription.js';
import { consumeSubscription, memberConsumer } from './member-consumer.js';
import { nextPacketId, publishPacketOf, recordMessage, RecordTopics, writePacket, type MemberClient } from './member-packets.js';
import type { PartitionClaimant, PartitionOwners } from './partition-owners.js';

/** Unacknowledged QoS 1/2 messages one member gets at most, below its Receive Maximum. */
export const MAX_IN_FLIGHT_PER_MEMBER = 128;
/** Messages fetched and waiting for delivery: fetching pauses above, resumes below half. */
const MAX_WAITING = 1024;
/** How often acknowledged offsets are committed while a member runs. */
const COMMIT_INTERVAL_MS = 200;
/** How long a member that stays connected is waited for to acknowledge what it has, when it loses a partition or unsubscribes. */
const SETTLE_TIMEOUT_MS = 5000;
const RESTART_DELAY_MS = 2000;
type KafkaRecord = Message<Buffer, Buffer, Buffer, Buffer>;
/** released: QoS 2, PUBREC came, PUBREL sent, PUBCOMP awaited. */
type InFlight = { partition: number; offset: bigint; released: boolean };

interface PartitionState {
  progress: AcknowledgedOffsets;
  /** Offsets below are not delivered again: acknowledged before (by this member or the one before it), or handed out already. */
  next: bigint;
  inFlight: number;
  committed: bigint | undefined;
  releasing: boolean;
}

export interface MemberOptions {
  broker: MqttBroker;
  client: Client;
  /** The subscription as Aedes keeps it for the client (`$starling-share/{group}/{filter}`). */
  internalTopic: string;
  subscription: AppSharedSubscription;
  groupId: string;
  owners: PartitionOwners;
  kafka: KafkaSettings;
  onError(error: unknown): void;
  /** A record skipped as no valid message of the subscription: it is counted as dropped. */
  onSkipped(): void;
}

/**
 * One MQTT client's membership in one application shared subscription: a Kafka consumer in the
 * share name's group, delivering the partitions Kafka assigns it. A message is sent with the lower
 * of the subscription's and its own QoS, never more unacknowledged at once than the client takes;
 * offsets are committed only up to the last acknowledged message (PUBACK, PUBCOMP; QoS 0 on
 * sending). Nothing is kept in the client's session: what it did not acknowledge when it left is
 * delivered from Kafka again, to whoever holds the partition next.
 */
export class Member implements PartitionClaimant {
  private readonly client: MemberClient;
  private consumer: Consumer<Buffer, Buffer, Buffer, Buffer> | undefined;
  private stream: MessagesStream<Buffer, Buffer, Buffer, Buffer> | undefined;
  private readonly assigned = new Set<number>();
  private readonly partitions = new Map<number, PartitionState>();
  private readonly waiting = new Map<number, KafkaRecord[]>();
  private readonly lastWaiting = new Map<number, bigint>();
  private waitingCount = 0;
  private readonly inFlight = new Map<number, InFlight>();
  private nextPartition = 0;
  private running = true;
  private stopped: Promise<void> | undefined;
  private commitTimer: NodeJS.Timeout | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  /** Awaited before the consumer closes: closed while joining, it fails its new stream with no listener yet (uncaught). */
  private starting: Promise<void> = Promise.resolve();
  /** Checks run after each acknowledgement, for those waiting until the client has acknowledged what it has. */
  private readonly settleChecks = new Set<() => void>();
  private readonly topics: RecordTopics;
  /** Kept to be removed when the member stops: the connection may outlive many members. */
  private readonly onDrain = () => this.pump();

  constructor(private readonly options: MemberOptions) {
    this.client = options.client as MemberClient;
    this.topics = new RecordTopics(options.subscription.topicFilter);
    options.owners.members.add(this);
    // A client slow to read: nothing more is written until its socket has room again.
    this.client.conn.on('drain', this.onDrain);
    this.starting = this.start();
  }

  get clientId(): string {
    return this.client.id;
  }

  /** The connection it delivers to: a client id that connects again is another member. */
  get connection(): Client {
    return this.client;
  }

  get groupId(): string {
    return this.options.groupId;
  }

  get subscriptionId(): string {
    return this.options.subscription.id;
  }

  get internalTopic(): string {
    return this.options.internalTopic;
  }

  isAssigned(partition: number): boolean {
    return this.running && this.assigned.has(partition);
  }

  take(partition: number): boolean {
    if (!this.isAssigned(partition)) return false;
    const claimed = this.options.owners.claim(partition, this);
    if (!claimed) return false;
    if (!this.partitions.has(partition)) {
      this.partitions.set(partition, { progress: new AcknowledgedOffsets(), next: claimed.startAt ?? -1n, inFlight: 0, committed: claimed.startAt, releasing: false });
    } else {
      // Given back while it was letting go: it keeps the partition.
      (this.partitions.get(partition) as PartitionState).releasing = false;
    }
    this.pump();
    return true;
  }

  /**
   * A PUBACK, PUBREC or PUBCOMP of the client: answers true when it was for a message of this
   * member (the node's other handling must not see it).
   */
  acknowledgement(packet: { cmd: string; messageId?: number; reasonCode?: number }): boolean {
    const sent = packet.messageId === undefined ? undefined : this.inFlight.get(packet.messageId);
    if (!sent) return false;
    const messageId = packet.messageId as number;
    if (packet.cmd === 'pubrec' && (packet.reasonCode ?? 0) < 0x80) {
      sent.released = true;
      writePacket(this.options.broker, this.client, { cmd: 'pubrel', messageId, ...(this.client.version === 5 ? { reasonCode: 0 } : {}) }, () => undefined);
      return true;
    }
    if (packet.cmd === 'pubcomp' && !sent.released) return false;
    this.inFlight.delete(messageId);
    const state = this.partitions.get(sent.partition);
    if (state) state.inFlight--;
    this.acknowledged(sent.partition, sent.offset);
    return true;
  }

  /**
   * Stops: no more fetching, waits for the client to acknowledge what it has when it is still
   * connected (at most a few seconds), commits what was acknowledged, lets its partitions go and
   * leaves the group.
   */
  stop(connected: boolean): Promise<void> {
    this.stopped ??= this.shutdown(connected);
    return this.stopped;
  }

  private async shutdown(connected: boolean): Promise<void> {
    this.running = false;
    this.client.conn.removeListener('drain', this.onDrain);
    clearTimeout(this.restartTimer);
    clearInterval(this.commitTimer);
    this.stream?.pause();
    this.dropWaiting();
    if (connected && this.inFlight.size > 0) await this.settle(() => this.inFlight.size === 0);
    // What was not acknowledged now never will be: it is delivered again from Kafka.
    this.inFlight.clear();
    await this.commit(true);
    for (const [partition, state] of this.partitions) this.options.owners.release(partition, this, state.progress.commitPoint ?? state.committed);
    this.partitions.clear();
    this.options.owners.members.delete(this);
    await this.starting;
    await this.closeConsumer();
  }

  private async start(): Promise<void> {
    const { kafka, groupId, subscription } = this.options;
    try {
      const consumer = memberConsumer(kafka, groupId);
      this.consumer = consumer;
      consumer.on('consumer:group:join', (payload: ConsumerGroupJoinPayload) => this.assignmentChanged(payload));
      // Emitted when a rejoin after a failed heartbeat gives up: unheard, it would end the broker.
      consumer.on('error', (error: Error) => this.failed(error));
      const stream = await consumeSubscription(consumer, subscription.kafkaTopic);
      if (!this.running) {
        await stream.close().catch(() => undefined);
        return;
      }
      this.stream = stream;
      stream.on('data', (record: KafkaRecord) => this.received(record));
      stream.on('error', (error: Error) => this.failed(error));
      this.commitTimer = setInterval(() => void this.commit(false), COMMIT_INTERVAL_MS);
      this.commitTimer.unref();
    } catch (error) {
      this.failed(error);
    }
  }

  /** Kafka failed the consumer: what was acknowledged is kept, the rest comes again, and the consumer starts afresh a little later. */
  private failed(error: unknown): void {
    if (!this.running) return;
    this.options.onError(error);
    clearInterval(this.commitTimer);
    this.dropWaiting();
    this.inFlight.clear();
    for (const [partition, state] of this.partitions) this.options.owners.release(partition, this, state.progress.commitPoint ?? state.committed);
    this.partitions.clear();
    this.assigned.clear();
    void this.closeConsumer();
    this.restartTimer = setTimeout(() => {
      if (this.running) this.starting = this.start();
    }, RESTART_DELAY_MS);
  }

  private async closeConsumer(): Promise<void> {
    const consumer = this.consumer;
    const stream = this.stream;
    this.consumer = undefined;
    this.stream = undefined;
    await stream?.close().catch(() => undefined);
    if (consumer) await new Promise<void>((resolve) => consumer.close(true, () => resolve()));
  }

  private assignmentChanged(payload: ConsumerGroupJoinPayload): void {
    if (!this.running) return;
    const now = new Set(payload.assignments?.find((assignment) => assignment.topic === this.options.subscription.kafkaTopic)?.partitions ?? []);
    for (const partition of [...this.assigned]) {
      if (!now.has(partition)) this.lose(partition);
    }
    this.assigned.clear();
    for (const partition of now) this.assigned.add(partition);
    for (const partition of now) this.take(partition);
  }

  /** Kafka gave the partition to another member: this one stops sending from it, waits for acknowledgements, commits and lets go. */
  private lose(partition: number): void {
    this.waitingCount -= this.waiting.get(partition)?.length ?? 0;
    this.waiting.delete(partition);
    this.lastWaiting.delete(partition);
    const state = this.partitions.get(partition);
    if (!state || state.releasing) return;
    state.releasing = true;
    void (async () => {
      if (state.inFlight > 0) await this.settle(() => state.inFlight === 0 || !this.running);
      if (!state.releasing || this.partitions.get(partition) !== state) return;
      await this.commit(true, partition);
      // The same member may have been given the partition back meanwhile: then it keeps it.
      if (this.partitions.get(partition) !== state) return;
      this.partitions.delete(partition);
      for (const [messageId, sent] of this.inFlight) if (sent.partition === partition) this.inFlight.delete(messageId);
      this.options.owners.release(partition, this, state.progress.commitPoint ?? state.committed);
    })();
    this.resumeIfRoom();
  }

  private received(record: KafkaRecord): void {
    const { partition, offset } = record;
    if (!this.running || !this.assigned.has(partition)) return;
    // A fetch that starts again at the committed offset brings messages already waiting here.
    if (offset <= (this.lastWaiting.get(partition) ?? -1n)) return;
    this.lastWaiting.set(partition, offset);
    const queue = this.waiting.get(partition) ?? [];
    this.waiting.set(partition, queue);
    queue.push(record);
    this.waitingCount++;
    if (this.waitingCount >= MAX_WAITING) this.stream?.pause();
    this.pump();
  }

  private get capacity(): number {
    return Math.min(this.client.receiveMaximum ?? MAX_IN_FLIGHT_PER_MEMBER, MAX_IN_FLIGHT_PER_MEMBER);
  }

  /** Sends waiting messages of the partitions it holds, in turn, while the client has room. */
  private pump(): void {
    // Just unsubscribed: the member is stopping, what waits is delivered again from Kafka.
    if (this.client.subscriptions[this.options.internalTopic] === undefined) return;
    while (this.running && this.inFlight.size < this.capacity && this.waitingCount > 0 && this.client.conn.writableNeedDrain !== true) {
      const next = this.nextDeliverable();
      if (!next) break;
      this.deliver(next);
    }
    this.resumeIfRoom();
  }

  /**
   * The next waiting message of the partitions it holds, in turn: from the one after the last, then
   * from the first (no array per message). A partition whose acknowledged run is held back too long
   * (AcknowledgedOffsets.full) waits until the message holding it is acknowledged.
   */
  private nextDeliverable(): KafkaRecord | undefined {
    const start = this.nextPartition % Math.max(this.waiting.size, 1);
    for (let pass = 0; pass < 2; pass++) {
      let index = -1;
      for (const [partition, queue] of this.waiting) {
        if (++index < start === (pass === 0)) continue;
        const state = this.partitions.get(partition);
        if (!state || state.releasing || queue.length === 0 || state.progress.full) continue;
        this.nextPartition = index + 1;
        const record = queue.shift() as KafkaRecord;
        this.waitingCount--;
        if (queue.length === 0) this.waiting.delete(partition);
        return record;
      }
    }
    return undefined;
  }

  private deliver(record: KafkaRecord): void {
    const state = this.partitions.get(record.partition) as PartitionState;
    if (record.offset < state.next) return;
    state.next = record.offset + 1n;
    state.progress.handedOut(record.offset);
    const subscription = this.client.subscriptions[this.options.internalTopic];
    const valid = recordMessage(record, this.topics);
    if (!subscription || !valid) {
      if (!valid) this.options.onSkipped();
      state.progress.acknowledge(record.offset);
      return;
    }
    const packet = publishPacketOf(this.client, subscription, valid.topic, valid.message);
    if (packet.qos === 0) {
      writePacket(this.options.broker, this.client, packet, () => undefined);
      this.acknowledged(record.partition, record.offset);
      return;
    }
    const messageId = nextPacketId(this.client, this.inFlight);
    packet.messageId = messageId;
    this.inFlight.set(messageId, { partition: record.partition, offset: record.offset, released: false });
    state.inFlight++;
    writePacket(this.options.broker, this.client, packet, () => undefined);
  }

  private acknowledged(partition: number, offset: bigint): void {
    const state = this.partitions.get(partition);
    if (!state) return;
    state.progress.acknowledge(offset);
    if (this.settleChecks.size > 0) for (const check of [...this.settleChecks]) check();
    this.pump();
  }

  /** Waits until done() holds after an acknowledgement, at most SETTLE_TIMEOUT_MS. */
  private settle(done: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.settleChecks.delete(check);
        resolve();
      };
      const check = () => {
        if (done()) finish();
      };
      const timer = setTimeout(finish, SETTLE_TIMEOUT_MS);
      this.settleChecks.add(check);
      check();
    });
  }

  /** Commits, per partition held, the offset after the last acknowledged run, when it moved. */
  private async commit(final: boolean, only?: number): Promise<void> {
    const consumer = this.consumer;
    if (!consumer) return;
    const offsets = [...this.partitions]
      .filter(([partition, state]) => (only === undefined || partition === only) && state.progress.commitPoint !== undefined && state.progress.commitPoint !== state.committed)
      .map(([partition, state]) => ({ partition, state, offset: state.progress.commitPoint as bigint }));
    if (offsets.length === 0) return;
    const topic = this.options.subscription.kafkaTopic;
    for (let attempt = 0; attempt < (final ? 3 : 1); attempt++) {
      try {
        await consumer.commit({ offsets: offsets.map(({ partition, offset }) => ({ topic, partition, offset, leaderEpoch: -1 })) });
        for (const { state, offset } of offsets) state.committed = offset;
        return;
      } catch (error) {
        if (attempt === (final ? 2 : 0)) this.options.onError(error);
        else await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  private dropWaiting(): void {
    this.waiting.clear();
    this.lastWaiting.clear();
    this.waitingCount = 0;
  }

  private resumeIfRoom(): void {
    if (this.running && this.stream?.isPaused() && this.waitingCount < MAX_WAITING / 2) this.stream.resume();
  }
}
