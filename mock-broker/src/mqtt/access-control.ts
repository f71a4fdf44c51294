import type { Client, PublishPacket, Subscription } from 'aedes';
import type { ClientEventLog } from './client-event-log.js';
import type { MqttBroker } from './mqtt-broker.js';
import type { ClientType } from './session-registry.js';
import { displayTopicFilter } from './shared-subscriptions.js';

/** What a client presents at CONNECT. */
export interface ConnectAttempt {
  clientId: string;
  username: string | undefined;
  password: Buffer | undefined;
  address: string;
  tlsUsed: boolean;
  /** Common name of a verified TLS client certificate. */
  certificateCommonName: string | undefined;
}

export type AuthenticationResult =
  | { allowed: true; clientType: ClientType }
  /** reasonCode: MQTT 3.1.1 CONNACK return code 4 (bad user name or password) or 5 (not authorized). */
  | { allowed: false; reason: string; returnCode: 4 | 5 };

/**
 * The broker's access decisions, in one place the credentials feature implements. The default
 * below lets every client in as a device with every topic, the behaviour of an open broker.
 */
export interface AccessControl {
  authenticate(attempt: ConnectAttempt): Promise<AuthenticationResult>;
  mayPublish(clientId: string, topic: string): boolean;
  maySubscribe(clientId: string, topicFilter: string): boolean;
}

export const openAccess: AccessControl = {
  authenticate: async () => ({ allowed: true, clientType: 'DEVICE' }),
  mayPublish: () => true,
  maySubscribe: () => true,
};

type TlsAwareClient = Client & {
  conn: { encrypted?: boolean; authorized?: boolean; getPeerCertificate?: () => { subject?: { CN?: string } } };
  req?: { socket?: { remoteAddress?: string; encrypted?: boolean } };
};

function attemptOf(client: Client, username: string | undefined, password: Buffer | undefined): ConnectAttempt {
  const tlsClient = client as TlsAwareClient;
  const socket = tlsClient.req?.socket ?? (tlsClient.conn as { remoteAddress?: string; encrypted?: boolean });
  const certificate = tlsClient.conn.authorized ? tlsClient.conn.getPeerCertificate?.() : undefined;
  return {
    clientId: client.id,
    username,
    password,
    address: socket.remoteAddress ?? 'unknown',
    tlsUsed: socket.encrypted === true || tlsClient.conn.encrypted === true,
    certificateCommonName: certificate?.subject?.CN,
  };
}

/**
 * Puts an AccessControl behind Aedes' authenticate/authorize hooks, records refused sign-ins in
 * the event log and tells the session registry each client's type.
 */
export function installAccessControl(
  broker: MqttBroker,
  access: AccessControl,
  events: ClientEventLog,
  onClientType: (client: Client, clientType: ClientType) => void,
): void {
  broker.authenticate = (client, username, password, done) => {
    const attempt = attemptOf(client, username, password);
    access.authenticate(attempt).then(
      (result) => {
        if (result.allowed) {
          onClientType(client, result.clientType);
          done(null, true);
          return;
        }
        events.record({ ts: Date.now(), clientId: attempt.clientId, type: 'AUTHENTICATION_FAILED', address: attempt.address, reason: result.reason });
        done(Object.assign(new Error(result.reason), { returnCode: result.returnCode }), false);
      },
      (error: unknown) => {
        events.record({ ts: Date.now(), clientId: attempt.clientId, type: 'AUTHENTICATION_FAILED', address: attempt.address, reason: 'Authentication failed' });
        done(Object.assign(error instanceof Error ? error : new Error(String(error)), { returnCode: 3 as const }), false);
      },
    );
  };
  broker.authorizePublish = (client: Client | null, packet: PublishPacket, callback) => {
    if (client && !access.mayPublish(client.id, packet.topic)) callback(new Error(`not authorized to publish to ${packet.topic}`));
    else callback(null);
  };
  broker.authorizeSubscribe = (client: Client, subscription: Subscription, callback) => {
    callback(null, access.maySubscribe(client.id, displayTopicFilter(subscription.topic)) ? subscription : null);
  };
}
