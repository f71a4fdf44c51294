import type { Client, PublishPacket, Subscription } from 'aedes';
import { AccessDecisions } from './access-decisions.js';
import type { ClientEventLog } from './client-event-log.js';
import { timerUntil, type DueTimer } from './due-timer.js';
import type { MqttBroker } from './mqtt-broker.js';
import { outOfDateCertificateCommonName } from './connections/client-certificate.js';
import { disconnectClient, endConnection, MAXIMUM_CONNECT_TIME } from './sessions/session-control.js';
import type { ClientType } from './sessions/session-registry.js';
import { removeSubscriptions } from './subscription-control.js';
import { displayTopicFilter } from './shared-subscriptions.js';

/** Who a client says it is at CONNECT, and where from. */
export interface ClientIdentity {
  clientId: string;
  username: string | undefined;
  address: string;
  tlsUsed: boolean;
  /** Common name of a TLS client certificate the configured CA verified. */
  certificateCommonName: string | undefined;
}

/** An MQTT 5 enhanced authentication (section 4.12) a client asked for at CONNECT, or by AUTH 0x19 once connected. */
export interface EnhancedAuthentication {
  method: string;
  data: Buffer | undefined;
  /**
   * Sends the client AUTH 0x18 with the data and resolves with the data of the AUTH it answers
   * with; rejects when it sends anything else (reasonCode 0x82), closes, or stays silent past the
   * connect timeout (the connection is closed then).
   */
  challenge(data: Buffer): Promise<Buffer>;
}

/** What a client presents at CONNECT. */
export interface ConnectAttempt extends ClientIdentity {
  password: Buffer | undefined;
  enhanced?: EnhancedAuthentication;
}

/** What authentication decided for an admitted client; kept with its connection. */
export interface Admission {
  clientType: ClientType;
  /** The credentials that let it in; undefined for a client let in anonymously. */
  credentialsId?: string;
  /** Changes when the secret checked at CONNECT changes (a new password). */
  secretStamp?: string;
  /** The authentication provider that let it in (MQTT_BASIC, X_509, JWT…); undefined: anonymously. */
  provider?: string;
  /** Topic rules the provider gave with the decision (a JWT's), instead of credentials' rules. */
  authRules?: { pubAuthRulePatterns: string[]; subAuthRulePatterns: string[] };
  /** When the proof it gave runs out (a JWT's exp, ms since the epoch): the connection is closed then. */
  expiresAt?: number;
}

export type AuthenticationResult =
  /** authenticationData: what the CONNACK of an enhanced authentication carries (SCRAM's server-final message). */
  | ({ allowed: true; authenticationData?: Buffer } & Admission)
  /**
   * returnCode: MQTT 3.1.1 CONNACK 4 (bad user name or password) or 5 (not authorized); Aedes sends
   * MQTT 5 clients 0x86 or 0x87, or reasonCode when one is given (0x8C Bad authentication method…).
   */
  | { allowed: false; reason: string; returnCode: 4 | 5; reasonCode?: number };

/** A connected client as access control sees it: who it said it was (never its password) and what let it in. */
export interface AdmittedClient {
  identity: ClientIdentity;
  admission: Admission;
}

/**
 * The broker's access decisions, in one place the credentials feature implements. The default
 * below lets every client in as a device with every topic, the behaviour of an open broker.
 */
export interface AccessControl {
  authenticate(attempt: ConnectAttempt): Promise<AuthenticationResult>;
  mayPublish(client: AdmittedClient, topic: string): boolean;
  maySubscribe(client: AdmittedClient, topicFilter: string): boolean;
  /**
   * Changes whenever an answer of mayPublish or maySubscribe may change (rules or credentials
   * edited): until it does, a connection's answers per topic are kept (access-decisions.ts).
   * Without it every PUBLISH and SUBSCRIBE is asked.
   */
  rulesRevision?(): number;
  /** Whether a connected client would still be let in; asked after the access settings change. */
  stillAdmitted?(client: AdmittedClient): boolean;
  /**
   * Whether a TLS client certificate that fails only its validity dates (its chain signed by the
   * configured CA) counts as verified: the X.509 provider's skipValidityCheckForClientCert.
   */
  acceptsOutOfDateCertificates?(): boolean;
  /** Whether authenticate() judges attempts with `enhanced` (MQTT 5 AUTH); without it Aedes refuses them with 0x8C. */
  enhancedAuthentication?: boolean;
}

/** Topics of the broker itself (`$SYS/...` and any other `$` topic). */
export function isBrokerTopic(topic: string): boolean {
  return topic.startsWith('$');
}

export const openAccess: AccessControl = {
  authenticate: async () => ({ allowed: true, clientType: 'DEVICE' }),
  mayPublish: () => true,
  maySubscribe: () => true,
  rulesRevision: () => 0,
};

/** A connection as TLS may have verified it: a TLS socket, or the socket under a secure web socket. */
type PeerSocket = { remoteAddress?: string; encrypted?: boolean; authorized?: boolean; getPeerCertificate?: () => { subject?: { CN?: string } } };

type TlsAwareClient = Client & {
  conn: PeerSocket;
  /** A web socket's upgrade request; clientAddress is the client behind a trusted proxy (listeners.ts). */
  req?: { socket?: PeerSocket; clientAddress?: string };
};

function attemptOf(client: Client, username: string | undefined, password: Buffer | undefined, access: AccessControl): ConnectAttempt {
  const tlsClient = client as TlsAwareClient;
  // MQTT over TLS: the connection itself; over a secure web socket: the TLS socket the upgrade came on.
  const socket = tlsClient.req?.socket ?? tlsClient.conn;
  const certificate = socket.authorized ? socket.getPeerCertificate?.() : undefined;
  const outOfDate = certificate === undefined && access.acceptsOutOfDateCertificates?.() === true ? outOfDateCertificateCommonName(socket) : undefined;
  return {
    clientId: client.id,
    username,
    password,
    address: tlsClient.req?.clientAddress ?? socket.remoteAddress ?? 'unknown',
    tlsUsed: socket.encrypted === true || tlsClient.conn.encrypted === true,
    certificateCommonName: certificate?.subject?.CN ?? outOfDate,
  };
}

/** How long the broker waits for each AUTH answer when Aedes has no connect timeout of its own. */
const AUTH_ANSWER_TIMEOUT_MS = 30_000;

/** The client's side of an AUTH exchange, through the Aedes patch (patches/README.md, 006). */
function enhancedAuthenticationOf(client: Client, broker: MqttBroker): EnhancedAuthentication {
  const timeoutMs = (broker as MqttBroker & { connectTimeout?: number }).connectTimeout ?? AUTH_ANSWER_TIMEOUT_MS;
  return {
    method: client.authenticationMethod ?? '',
    data: client.authenticationData,
    challenge: (data) =>
      new Promise<Buffer>((resolve, reject) => {
        // A client that never answers holds a connection nobody authenticated: it is closed.
        const timer = setTimeout(() => client.close(), timeoutMs);
        client.authChallenge(data, (error, answer) => {
          clearTimeout(timer);
          if (error) reject(error);
          else resolve(answer ?? Buffer.alloc(0));
        });
      }),
  };
}

export interface AccessControlHooks {
  events: ClientEventLog;
  /** Tells the session registry the client type authentication decided. */
  onClientType(client: Client, clientType: ClientType): void;
  /** A CONNECT refused, with why (the unauthorized-client log). */
  onRefused?(attempt: ConnectAttempt, reason: string): void;
}

/** A will as stored: the client it belongs to and, since it was admitted, who let it in. */
export interface StoredWillGrant {
  clientId?: string;
  topic: string;
  admittedAs?: AdmittedClient;
}

export interface InstalledAccessControl {
  /**
   * Whether a will stored before a restart may still be published: its client would still be
   * let in and its rules, as they are now, allow the topic. A will stored without its admission
   * is judged as an anonymous client with its client id would be.
   */
  mayPublishStoredWill(will: StoredWillGrant): boolean;
  /**
   * Asks access control about every connected client again: disconnects those it would no longer
   * let in (MQTT 5: DISCONNECT 0x98 Administrative action) and drops the subscriptions the others
   * may no longer hold, as if they had unsubscribed. Answers the disconnected client ids.
   */
  revalidate(): Promise<string[]>;
}

/**
 * Puts an AccessControl behind Aedes' authenticate/authorize hooks, records refused sign-ins in
 * the event log and tells the session registry each client's type.
 */
export function installAccessControl(broker: MqttBroker, access: AccessControl, hooks: AccessControlHooks): InstalledAccessControl {
  const admitted = new WeakMap<Client, AdmittedClient>();
  const decisions = new AccessDecisions(access);
  const refuse = (attempt: ConnectAttempt, reason: string) => {
    hooks.events.record({ ts: Date.now(), clientId: attempt.clientId, type: 'AUTHENTICATION_FAILED', address: attempt.address, reason });
    hooks.onRefused?.(attempt, reason);
  };
  // A connection a token let in ends when the token does, which may be years ahead.
  const expiryTimers = new WeakMap<Client, DueTimer>();
  const closeOnExpiry = (client: Client, expiresAt: number) => {
    const timer = timerUntil(expiresAt, () => {
      expiryTimers.delete(client);
      endConnection(client, MAXIMUM_CONNECT_TIME);
    });
    expiryTimers.set(client, timer);
  };
  broker.on('clientDisconnect', (client) => {
    expiryTimers.get(client)?.cancel();
    expiryTimers.delete(client);
  });
  broker.enhancedAuthentication = access.enhancedAuthentication === true;
  broker.reauthenticate = (client, done) => {
    const grant = admitted.get(client);
    const attempt = { ...attemptOf(client, grant?.identity.username, undefined, access), enhanced: enhancedAuthenticationOf(client, broker) };
    access.authenticate(attempt).then(
      (result) => {
        if (!result.allowed) {
          refuse(attempt, result.reason);
          done(Object.assign(new Error(result.reason), { reasonCode: result.reasonCode }));
          return;
        }
        const { allowed: _allowed, authenticationData, ...admission } = result;
        // The new proof decides from now on: the rules, the type and the secret it was checked against.
        admitted.set(client, { identity: grant?.identity ?? attempt, admission });
        hooks.onClientType(client, result.clientType);
        done(null, authenticationData);
      },
      (error: unknown) => {
        refuse(attempt, 'Authentication failed');
        done(error instanceof Error ? error : new Error(String(error)));
      },
    );
  };
  broker.authenticate = (client, username, password, done) => {
    const enhanced = client.authenticationMethod === undefined ? {} : { enhanced: enhancedAuthenticationOf(client, broker) };
    const attempt = { ...attemptOf(client, username, password, access), ...enhanced };
    access.authenticate(attempt).then(
      (result) => {
        if (result.allowed) {
          const { allowed: _allowed, authenticationData, ...admission } = result;
          client.authenticationResponse = authenticationData;
          const { password: _password, ...identity } = attempt;
          const grant = { identity, admission };
          // The will is a publish like any other: refused at CONNECT when the rules refuse its topic (MQTT 5 section 3.1.2.5).
          const will = (client as Client & { _will?: { topic: string } | null })._will;
          const willTopic = will?.topic;
          if (willTopic !== undefined && (isBrokerTopic(willTopic) || !access.mayPublish(grant, willTopic))) {
            const reason = `Not authorized to publish the will to ${willTopic}`;
            refuse(attempt, reason);
            done(Object.assign(new Error(reason), { returnCode: 5 as const }), false);
            return;
          }
          admitted.set(client, grant);
          if (admission.expiresAt !== undefined) closeOnExpiry(client, admission.expiresAt);
          // Kept with the stored will, so that a will a restart finds is judged by the rules of then.
          if (will) (will as StoredWillGrant).admittedAs = grant;
          hooks.onClientType(client, result.clientType);
          done(null, true);
          return;
        }
        refuse(attempt, result.reason);
        done(Object.assign(new Error(result.reason), { returnCode: result.returnCode, reasonCode: result.reasonCode }), false);
      },
      (error: unknown) => {
        refuse(attempt, 'Authentication failed');
        done(Object.assign(error instanceof Error ? error : new Error(String(error)), { returnCode: 3 as const }), false);
      },
    );
  };
  // A client without an admission never passed authenticate: it gets nothing. Topics starting
  // with `$` belong to the broker (MQTT 5 section 4.7.2): no client publishes there, whatever its
  // rules say — Aedes itself listens on `$SYS/<id>/new/clients` to drop a client id's other connection.
  broker.authorizePublish = (client: Client | null, packet: PublishPacket, callback) => {
    const grant = client ? admitted.get(client) : undefined;
    if (client && !(grant && !isBrokerTopic(packet.topic) && decisions.mayPublish(grant, packet.topic))) callback(new Error(`not authorized to publish to ${packet.topic}`));
    else callback(null);
  };
  broker.authorizeSubscribe = (client: Client, subscription: Subscription, callback) => {
    const grant = admitted.get(client);
    callback(null, grant && decisions.maySubscribe(grant, displayTopicFilter(subscription.topic)) ? subscription : null);
  };
  return {
    mayPublishStoredWill(will) {
      const grant = will.admittedAs ?? {
        identity: { clientId: will.clientId ?? '', username: undefined, address: 'unknown', tlsUsed: false, certificateCommonName: undefined },
        admission: { clientType: 'DEVICE' },
      };
      return !isBrokerTopic(will.topic) && access.stillAdmitted?.(grant) !== false && access.mayPublish(grant, will.topic);
    },
    async revalidate() {
      const clients = (broker as MqttBroker & { clients: Record<string, Client | undefined> }).clients;
      const refused: Client[] = [];
      const withdrawals: Promise<boolean>[] = [];
      for (const client of Object.values(clients)) {
        const grant = client ? admitted.get(client) : undefined;
        if (!client || !grant) continue;
        if (access.stillAdmitted?.(grant) === false) {
          refused.push(client);
          continue;
        }
        // A rule edit applies to what the client already holds, not only to its next SUBSCRIBE.
        const held = (client as Client & { subscriptions: Record<string, unknown> }).subscriptions;
        const withdrawn = Object.keys(held)
          .map(displayTopicFilter)
          .filter((topicFilter) => !access.maySubscribe(grant, topicFilter));
        if (withdrawn.length > 0) withdrawals.push(removeSubscriptions(broker, client.id, withdrawn));
      }
      await Promise.all([...refused.map((client) => disconnectClient(broker, client.id)), ...withdrawals]);
      return refused.map((client) => client.id);
    },
  };
}
