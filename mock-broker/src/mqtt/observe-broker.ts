import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { AedesPublishPacket, Client, ConnectPacket, PublishPacket } from 'aedes';
import type { BrokerStatistics } from './broker-statistics.js';
import type { ClientEventLog } from './client-event-log.js';
import type { MqttBroker } from './mqtt-broker.js';
import { payloadBytes } from './persistence/persisted-packet.js';
import { ADMINISTRATIVE_ACTION } from './sessions/session-control.js';
import type { ClientType, SessionRecord, SessionRegistry, SessionSubscription } from './sessions/session-registry.js';
import { displayTopicFilter } from './shared-subscriptions.js';

export interface BrokerObservers {
  nodeId: string;
  sessions: SessionRegistry;
  statistics: BrokerStatistics;
  events: ClientEventLog;
}

/** Fields Aedes keeps on a client that its type declarations leave out. */
type ObservedClient = Client & {
  /** A web socket's upgrade request; clientAddress is the client behind a trusted proxy (listeners.ts). */
  req?: IncomingMessage & { clientAddress?: string };
  subscriptions: Record<string, SubscriptionLike>;
  sessionExpiryInterval?: number;
  disconnectReasonCode?: number | null;
  _disconnected?: boolean;
};

/** What CONNECT said, kept until the client is ready (Aedes' client.clean means "expiry 0", not Clean Start). */
interface ConnectFacts {
  cleanStart: boolean;
  keepAliveSeconds: number;
  username: string | null;
  address: string;
}

interface SubscriptionLike {
  qos: number;
  rh?: number;
  rap?: boolean;
  nl?: boolean;
  si?: number;
}

function remoteAddress(client: Client): string {
  const request = (client as ObservedClient).req;
  const socket = (request?.socket ?? client.conn) as Partial<Socket>;
  // Forwarded by a trusted proxy: the client's address; its port the proxy does not tell.
  if (request?.clientAddress !== undefined && request.clientAddress !== socket.remoteAddress) return request.clientAddress;
  return socket.remoteAddress ? `${socket.remoteAddress}:${socket.remotePort ?? ''}` : 'unknown';
}

function asSessionSubscription(topicFilter: string, subscription: SubscriptionLike): SessionSubscription {
  return {
    topicFilter: displayTopicFilter(topicFilter),
    qos: subscription.qos,
    options: { noLocal: subscription.nl ?? false, retainAsPublish: subscription.rap ?? false, retainHandling: subscription.rh ?? 0 },
    ...(subscription.si === undefined ? {} : { subscriptionId: subscription.si }),
  };
}

/**
 * A connected session's subscriptions, mirrored from the client's as SUBSCRIBE and UNSUBSCRIBE
 * change them: each packet costs what it names, never a rebuild of everything the client holds
 * (a client may hold thousands). The list the registry shows is built when read, once per change.
 * Aedes empties the client's own subscriptions when the connection closes, without an event; the
 * mirror keeps them for the offline session.
 */
class SubscriptionMirror {
  readonly #byFilter = new Map<string, SessionSubscription>();
  #list: SessionSubscription[] | undefined;

  constructor(client: Client) {
    this.update(client, Object.keys((client as ObservedClient).subscriptions));
  }

  /** Takes over, for each named filter, what the client holds now (or that it holds none). */
  update(client: Client, topicFilters: Iterable<string>): void {
    const held = (client as ObservedClient).subscriptions;
    for (const topicFilter of topicFilters) {
      if (topicFilter.startsWith('$SYS/')) continue;
      const subscription = held[topicFilter];
      if (subscription) this.#byFilter.set(topicFilter, asSessionSubscription(topicFilter, subscription));
      else this.#byFilter.delete(topicFilter);
    }
    this.#list = undefined;
  }

  get list(): SessionSubscription[] {
    return (this.#list ??= [...this.#byFilter.values()]);
  }
}

/**
 * Keeps the session registry, counters and event log current from Aedes' hooks and events.
 * Observation only: nothing here changes what the broker delivers.
 */
export interface BrokerObservation {
  /** Records the client type that authentication decided, for the session registry. */
  setClientType(client: Client, clientType: ClientType): void;
}

export function observeBroker(broker: MqttBroker, observers: BrokerObservers): BrokerObservation {
  const { sessions, statistics, events, nodeId } = observers;
  const connectFacts = new WeakMap<Client, ConnectFacts>();
  const recordOf = new WeakMap<Client, SessionRecord>();
  const keepAliveExpired = new WeakSet<Client>();
  const takenOver = new WeakSet<Client>();
  const clientTypes = new WeakMap<Client, ClientType>();
  const mirrors = new WeakMap<Client, SubscriptionMirror>();

  const previousPreConnect = broker.preConnect.bind(broker);
  broker.preConnect = (client: Client, packet: ConnectPacket, callback) => {
    connectFacts.set(client, {
      cleanStart: packet.clean ?? true,
      keepAliveSeconds: packet.keepalive ?? 0,
      username: packet.username ?? null,
      address: remoteAddress(client),
    });
    previousPreConnect(client, packet, callback);
  };
  // A connection takes over its client id's session once authentication has let it in (MQTT 5
  // section 3.1.4): a refused CONNECT with the same id leaves the connected client as it was.
  const registering = broker as MqttBroker & { clients: Record<string, Client | undefined>; registerClient(client: Client): void };
  const previousRegisterClient = registering.registerClient.bind(registering);
  registering.registerClient = (client: Client) => {
    const existing = registering.clients[client.id];
    if (existing && existing !== client) takenOver.add(existing);
    previousRegisterClient(client);
  };

  const previousAuthorizeForward = broker.authorizeForward.bind(broker);
  broker.authorizeForward = (client: Client, packet: AedesPublishPacket) => {
    const forwarded = previousAuthorizeForward(client, packet);
    if (forwarded && !packet.topic.startsWith('$SYS/')) statistics.messageOut(payloadBytes(forwarded.payload));
    return forwarded;
  };

  broker.on('clientReady', (client: Client) => {
    const facts = connectFacts.get(client);
    const record: SessionRecord = {
      clientId: client.id,
      sessionId: randomUUID(),
      clientType: clientTypes.get(client) ?? 'DEVICE',
      nodeId,
      connectionState: 'CONNECTED',
      connectedAt: Date.now(),
      disconnectedAt: null,
      clientIpAdr: facts?.address ?? remoteAddress(client),
      mqttVersion: client.version ?? 4,
      keepAliveSeconds: facts?.keepAliveSeconds ?? 0,
      cleanStart: facts?.cleanStart ?? true,
      sessionExpiryInterval: (client as ObservedClient).sessionExpiryInterval ?? 0,
      username: facts?.username ?? null,
    } as SessionRecord;
    const mirror = new SubscriptionMirror(client);
    mirrors.set(client, mirror);
    Object.defineProperty(record, 'subscriptions', { enumerable: true, configurable: true, get: () => mirror.list });
    recordOf.set(client, record);
    sessions.connected(record);
    events.record({ ts: record.connectedAt, clientId: client.id, type: 'CONNECTED', address: record.clientIpAdr, protocolVersion: record.mqttVersion });
  });

  const refreshSubscriptions = (topicFilters: Iterable<string>, client: Client | null) => {
    const mirror = client ? mirrors.get(client) : undefined;
    if (!client || !mirror || recordOf.get(client) !== sessions.get(client.id)) return;
    mirror.update(client, topicFilters);
    sessions.subscriptionsChanged(client.id);
  };
  broker.on('subscribe', (subscriptions: { topic: string }[], client: Client | null) => refreshSubscriptions(subscriptions.map((subscription) => subscription.topic), client));
  broker.on('unsubscribe', refreshSubscriptions);

  broker.on('keepaliveTimeout', (client: Client) => keepAliveExpired.add(client));

  broker.on('clientDisconnect', (client: Client) => {
    const now = Date.now();
    const record = recordOf.get(client);
    // After a takeover the registry already holds the new connection's record: leave it.
    if (record && sessions.get(client.id) === record) sessions.disconnected(client.id, now, (client as ObservedClient).sessionExpiryInterval);
    const serverReason = (client as ObservedClient).disconnectReasonCode ?? null;
    if (takenOver.has(client)) {
      events.record({ ts: now, clientId: client.id, type: 'TAKEN_OVER', reason: 'Session taken over', reasonCode: 142, initiator: 'BROKER' });
    } else if (keepAliveExpired.has(client)) {
      events.record({ ts: now, clientId: client.id, type: 'KEEP_ALIVE_TIMEOUT', reason: 'Keep Alive timeout', reasonCode: 141, initiator: 'BROKER' });
    } else if (serverReason !== null) {
      const byAdministrator = serverReason === ADMINISTRATIVE_ACTION;
      events.record({
        ts: now,
        clientId: client.id,
        type: 'DISCONNECTED',
        ...(byAdministrator ? { reason: 'Administrative action' } : {}),
        reasonCode: serverReason,
        initiator: byAdministrator ? 'ADMINISTRATOR' : 'BROKER',
      });
    } else {
      const graceful = (client as ObservedClient)._disconnected === true;
      events.record({ ts: now, clientId: client.id, type: 'DISCONNECTED', reason: graceful ? 'Normal disconnection' : 'Connection lost', reasonCode: graceful ? 0 : undefined, initiator: 'CLIENT' });
    }
  });

  broker.on('sessionExpired', (client: Client) => {
    sessions.remove(client.id);
    events.record({ ts: Date.now(), clientId: client.id, type: 'SESSION_EXPIRED' });
  });

  broker.on('publish', (packet: PublishPacket, client: Client | null) => {
    if (client) statistics.messageIn(payloadBytes(packet.payload));
  });

  return { setClientType: (client, clientType) => clientTypes.set(client, clientType) };
}
