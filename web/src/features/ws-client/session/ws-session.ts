import type { WsConnection } from '../../../api/generated/model/wsConnection';
import type { WsSavedMessageConfiguration } from '../../../api/generated/model/wsSavedMessageConfiguration';
import type { WsSubscriptionConfiguration } from '../../../api/generated/model/wsSubscriptionConfiguration';
import { RequestTracker } from '../insights/request-response';
import { TopicTree } from '../insights/topic-tree';
import { ChangeListeners, type FrameScheduler } from '../messages/frame-batcher';
import { MessageStore } from '../messages/message-store';
import type { WsMessage, WsMessageProperties } from '../messages/ws-message';
import type { ConnectionStatus } from '../connection-status';
import { connackFailure, type ConnectionFailure, isWebSocketUrl } from './connection-failure';
import { type ConnectRequest, connectOptions, needsPassword, publishProperties } from './connect-options';
import type { ClientError, IncomingMessage, MqttLink, OpenMqttLink } from './mqtt-link/mqtt-link';
import { WorkerMqttLink } from './mqtt-link/worker-mqtt-link';
import { RateMeter } from './rate-meter';
import { SubscriptionColors } from './subscription-colors';
import { subscriptionQosOf } from '../subscriptions/subscription-rules';

/** Entries the status log keeps, the newest. */
export const STATUS_LOG_LIMIT = 200;

export interface StatusLogEntry {
  time: number;
  status: ConnectionStatus;
  failure?: ConnectionFailure;
}

/** Thrown by the operations that need a connected client. */
export class NotConnectedError extends Error {
  constructor() {
    super('not connected');
    this.name = 'NotConnectedError';
  }
}

const utf8 = new TextEncoder();

/** Any session's status changed: the connections list shows every connection's status. */
const registryChanges = new ChangeListeners();

/**
 * One saved connection's MQTT client over WebSocket (spec section 3, web-socket client), living
 * outside React so that it survives page navigation: its status and status log, why it failed,
 * subscriptions' colours, and every message it received or published.
 */
export class WsSession {
  readonly messages: MessageStore;
  readonly topicTree: TopicTree;
  readonly requests = new RequestTracker();
  private client: MqttLink | undefined;
  private status: ConnectionStatus = 'DISCONNECTED';
  private failure: ConnectionFailure | undefined;
  private statusLog: StatusLogEntry[] = [];
  private readonly changes = new ChangeListeners();
  private readonly colors = new SubscriptionColors();
  private readonly incoming = new RateMeter();
  private protocolVersion = 5;
  /** Filters the broker refused on this connection, with the SUBACK code: until subscribed, unsubscribed or a new connect. */
  private refusals: ReadonlyMap<string, number> = new Map();
  /** The saved subscriptions, made on every connect the broker answers without a session. */
  private saved: readonly WsSubscriptionConfiguration[] = [];
  /** The client this session is ending on purpose: its close is no failure. */
  private ending: MqttLink | undefined;
  private readonly openLink: OpenMqttLink;

  constructor(
    readonly connectionId: string,
    options: { scheduleFrame?: FrameScheduler; openLink?: OpenMqttLink } = {},
  ) {
    this.openLink = options.openLink ?? ((url, clientOptions) => new WorkerMqttLink(url, clientOptions));
    this.messages = new MessageStore({ scheduleFrame: options.scheduleFrame });
    this.topicTree = new TopicTree({ scheduleFrame: options.scheduleFrame });
  }

  getStatus = (): ConnectionStatus => this.status;
  /** The MQTT version of the latest connect: 3 (3.1), 4 (3.1.1) or 5. */
  getProtocolVersion = (): number => this.protocolVersion;
  getFailure = (): ConnectionFailure | undefined => this.failure;
  getStatusLog = (): readonly StatusLogEntry[] => this.statusLog;
  /** The filters the broker refused, each with its SUBACK code (a new map on every change). */
  getRefusals = (): ReadonlyMap<string, number> => this.refusals;
  /** Status, failure and log changes (rare: told at once); messages have their own store. */
  subscribeToChanges = (listener: () => void): (() => void) => this.changes.add(listener);
  getChangeVersion = (): number => this.changes.version;

  /** Incoming messages per second over the last seconds. */
  incomingRate(): number {
    return this.incoming.perSecond(Date.now());
  }

  /** The subscriptions whose colours mark the messages; the first matching one wins. */
  setSubscriptions(configs: readonly WsSubscriptionConfiguration[]): void {
    this.colors.setSubscriptions(configs);
    this.saved = configs;
  }

  /**
   * Connects with the connection's settings, ending any client of this session first. Resolves once
   * the attempt has started; the status and failure tell how it goes.
   */
  async connect(connection: WsConnection, options: ConnectRequest = {}): Promise<void> {
    await this.endClient({ quietly: true });
    this.failure = undefined;
    this.refusals = new Map();
    const { url, mqttVersion } = connection.configuration;
    this.protocolVersion = mqttVersion;
    if (!isWebSocketUrl(url)) return this.fail({ kind: 'MALFORMED_URL', url });
    if (needsPassword(connection.configuration) && !options.password) return this.fail({ kind: 'PASSWORD_MISSING' });
    const clientOptions = connectOptions(connection, options);
    this.setStatus('CONNECTING');
    let client: MqttLink;
    try {
      client = this.openLink(url, clientOptions);
    } catch (error) {
      return this.fail({ kind: 'CLIENT_ERROR', detail: (error as Error).message });
    }
    this.client = client;
    this.watch(client, url, clientOptions.connectTimeout ?? 0, (clientOptions.reconnectPeriod ?? 0) > 0);
  }

  /** Ends the connection the polite way (DISCONNECT), or at once when it is not up. */
  async disconnect(): Promise<void> {
    // A client that failed for good has nothing to say any more: its END would only hide the failure.
    await this.endClient({ quietly: this.status === 'CONNECTION_FAILED' });
    this.refusals = new Map();
    this.setStatus('DISCONNECTED');
  }

  /** Subscribes; answers the SUBACK code: the QoS granted, or a failure code (128 and up). */
  async subscribe(config: WsSubscriptionConfiguration): Promise<{ reasonCode: number }> {
    const answer = await this.subscribeClient(config);
    this.noteRefusal(config.topicFilter, answer.reasonCode >= 0x80 ? answer.reasonCode : undefined);
    return answer;
  }

  private async subscribeClient(config: WsSubscriptionConfiguration): Promise<{ reasonCode: number }> {
    const client = this.connectedClient();
    const { options, subscriptionId } = config;
    try {
      const [grant] = await client.subscribeAsync(config.topicFilter, {
        qos: subscriptionQosOf(config.qos),
        ...(options?.noLocal === undefined ? {} : { nl: options.noLocal }),
        ...(options?.retainAsPublish === undefined ? {} : { rap: options.retainAsPublish }),
        ...(options?.retainHandling === undefined ? {} : { rh: options.retainHandling }),
        ...(this.protocolVersion === 5 && subscriptionId ? { properties: { subscriptionIdentifier: subscriptionId } } : {}),
      });
      return { reasonCode: grant?.qos ?? 0x80 };
    } catch (error) {
      // mqtt.js refuses the promise of a SUBACK with a failure code, and hands over the packet.
      const code = (error as ClientError).packet?.granted?.[0] ?? (error as ClientError).code;
      if (typeof code === 'number') return { reasonCode: code };
      throw error;
    }
  }

  async unsubscribe(topicFilter: string): Promise<void> {
    this.noteRefusal(topicFilter, undefined);
    await this.connectedClient().unsubscribeAsync(topicFilter);
  }

  private noteRefusal(topicFilter: string, code: number | undefined): void {
    if (this.refusals.get(topicFilter) === code) return;
    const next = new Map(this.refusals);
    if (code === undefined) next.delete(topicFilter);
    else next.set(topicFilter, code);
    this.refusals = next;
    this.changes.notify();
  }

  /** Publishes a message (the payload as its UTF-8 text, JSON too) and lists it as published. */
  async publish(message: WsSavedMessageConfiguration): Promise<void> {
    const client = this.connectedClient();
    const properties = this.protocolVersion === 5 ? publishProperties(message.properties) : undefined;
    await client.publishAsync(message.topic, message.payload, { qos: message.qos, retain: message.retain, ...(properties ? { properties } : {}) });
    const time = Date.now();
    this.record({
      seq: -1,
      time,
      direction: 'PUBLISHED',
      topic: message.topic,
      qos: message.qos,
      retain: message.retain,
      payload: utf8.encode(message.payload),
      properties: properties as WsMessageProperties | undefined,
      color: this.colors.colorOf(message.topic),
    });
  }

  private async subscribeSaved(): Promise<void> {
    for (const config of this.saved) {
      try {
        await this.subscribe(config);
      } catch {
        // Not connected any more: the next connect subscribes again.
        return;
      }
    }
  }

  /** Ends the client for good and lets go of listeners; the registry forgets the session. */
  async dispose(): Promise<void> {
    await this.endClient({ quietly: true });
  }

  private connectedClient(): MqttLink {
    if (!this.client || this.status !== 'CONNECTED') throw new NotConnectedError();
    return this.client;
  }

  private watch(client: MqttLink, url: string, connectTimeoutMs: number, reconnects: boolean): void {
    // Per network connection: whether the broker answered CONNECT, and whether this attempt failed already.
    let connackReceived = false;
    let attemptFailed = false;
    let refused = false;
    const current = () => this.client === client;
    const failAttempt = (failure: ConnectionFailure) => {
      attemptFailed = true;
      this.failure = failure;
      this.log(this.status, failure);
    };
    client.on('connect', (connack) => {
      if (!current()) return;
      connackReceived = true;
      this.failure = undefined;
      this.setStatus('CONNECTED');
      // A session the broker kept has its subscriptions already; a new one gets the saved ones.
      if (!connack.sessionPresent) void this.subscribeSaved();
    });
    client.on('error', (error: ClientError) => {
      if (!current()) return;
      failAttempt(this.failureOf(error, url, connectTimeoutMs));
      if (this.failure?.kind === 'CONNACK') refused = true;
    });
    client.on('disconnect', (packet) => {
      if (current()) failAttempt({ kind: 'DISCONNECT', code: packet.reasonCode ?? 0 });
    });
    client.on('close', () => {
      if (!current()) return;
      if (this.ending === client) return this.setStatus('CLOSE');
      // A browser tells nothing of why a WebSocket did not open: closing before any CONNACK says it.
      if (!connackReceived && !attemptFailed) failAttempt({ kind: 'WEBSOCKET', url });
      else if (connackReceived && !attemptFailed) failAttempt({ kind: 'CONNECTION_LOST' });
      const retries = reconnects && !refused;
      this.setStatus(retries ? 'CLOSE' : 'CONNECTION_FAILED');
    });
    client.on('offline', () => current() && this.setStatus('OFFLINE'));
    client.on('reconnect', () => {
      if (!current()) return;
      connackReceived = false;
      attemptFailed = false;
      this.setStatus('RECONNECTING');
    });
    client.on('end', () => current() && this.setStatus('END'));
    client.on('messages', (messages) => current() && this.receive(messages));
  }

  /** A batch of received messages: stored, counted and put in the tree in one go. */
  private receive(messages: IncomingMessage[]): void {
    this.incoming.count(Date.now(), messages.length);
    for (const { time, topic, qos, retain, payload, properties } of messages) {
      this.record({ seq: -1, time, direction: 'RECEIVED', topic, qos, retain, payload, properties, color: this.colors.colorOf(topic) });
    }
  }

  private record(message: WsMessage): void {
    this.messages.append(message);
    this.topicTree.record(message);
    if (this.requests.waiting) this.requests.consider(message);
  }

  private failureOf(error: ClientError, url: string, connectTimeoutMs: number): ConnectionFailure {
    if (typeof error.code === 'number' && error.message.startsWith('Connection refused')) return connackFailure(error.code, this.protocolVersion);
    if (error.message === 'connack timeout') return { kind: 'CONNECT_TIMEOUT', timeoutMs: connectTimeoutMs };
    if (typeof error.code === 'string' || error.message.includes('WebSocket')) return { kind: 'WEBSOCKET', url, detail: error.message };
    return { kind: 'CLIENT_ERROR', detail: error.message };
  }

  /**
   * Ends the current client (if any) and forgets it: politely (DISCONNECT) while it is connected,
   * at once otherwise. Its CLOSE and END show in the log unless it ends `quietly`.
   */
  private async endClient({ quietly }: { quietly: boolean }): Promise<void> {
    const client = this.client;
    if (!client) return;
    this.ending = client;
    if (quietly) client.removeAllListeners();
    // A failed client has no listeners for errors any more; endAsync still settles.
    client.on('error', () => undefined);
    await client.endAsync(this.status !== 'CONNECTED').catch(() => undefined);
    client.removeAllListeners();
    if (this.client === client) this.client = undefined;
    this.ending = undefined;
  }

  private fail(failure: ConnectionFailure): void {
    this.failure = failure;
    this.setStatus('CONNECTION_FAILED', failure);
  }

  private setStatus(status: ConnectionStatus, failure?: ConnectionFailure): void {
    this.status = status;
    this.log(status, failure);
  }

  private log(status: ConnectionStatus, failure?: ConnectionFailure): void {
    const entry: StatusLogEntry = failure ? { time: Date.now(), status, failure } : { time: Date.now(), status };
    this.statusLog = [...this.statusLog.slice(-(STATUS_LOG_LIMIT - 1)), entry];
    this.changes.notify();
    registryChanges.notify();
  }
}

const sessions = new Map<string, WsSession>();

/** The session of a saved connection, made on first use; it lives until disposed, across page visits. */
export function getWsSession(connectionId: string): WsSession {
  let session = sessions.get(connectionId);
  if (!session) {
    session = new WsSession(connectionId);
    sessions.set(connectionId, session);
  }
  return session;
}

/** The status of a connection's session, if the page made one; for lists of connections. */
export function peekWsSessionStatus(connectionId: string): ConnectionStatus | undefined {
  return sessions.get(connectionId)?.getStatus();
}

/** Any session's status changed; `getVersion` for `useSyncExternalStore`. */
export const wsSessionStatuses = {
  subscribe: (listener: () => void): (() => void) => registryChanges.add(listener),
  getVersion: (): number => registryChanges.version,
};

/** Ends a connection's session (e.g. once the connection is deleted) and forgets it. */
export async function disposeWsSession(connectionId: string): Promise<void> {
  const session = sessions.get(connectionId);
  sessions.delete(connectionId);
  await session?.dispose();
}
