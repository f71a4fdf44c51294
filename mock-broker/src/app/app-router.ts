import { Router } from 'express';
import type { MessageRates } from '../mqtt/message-rate.js';

export interface NodeFacts {
  nodeId: string;
  mqttPort: number;
  wsPort: number;
  mqttsPort: number | null;
  wssPort: number | null;
  /** With a CA, the TLS listeners verify client certificates: X_509 credentials can apply. */
  tls: { caFile: string | undefined } | undefined;
  /** The TLS listeners' ports as configured, whether or not a certificate opens them. */
  configuredPorts: { mqtts: number; wss: number };
  /** Largest MQTT packet accepted, on every listener (STARLING_MAX_PACKET_SIZE). */
  maxPacketSize: number;
  /** Seconds between two samples of the node's statistics (STARLING_SAMPLE_INTERVAL_SECONDS). */
  sampleIntervalSeconds: number;
  /** The client credentials types at least one entry has. */
  credentialsTypesInUse(): Set<string>;
  /** Points per key a time-series query may answer (STARLING_MAX_DATAPOINTS). */
  maxDatapoints: number;
  /** Every extension the contract marks: this broker serves the whole contract. */
  extensions: string[];
  anonymousAccess(): { mode: string; allowed: boolean };
  messageRates(): MessageRates;
  /** The types of the MQTT authentication providers that are on. */
  enabledAuthProviders(): ReadonlySet<string>;
}

/** Facts about this node that the console reads once after sign-in. */
export function appRouter(node: NodeFacts): Router {
  const router = Router();
  // TBMQ 2.3's home page configuration, field for field, then what Starling adds.
  router.get('/api/app/config', (_request, response) => {
    const anonymous = node.anonymousAccess();
    const credentialsTypes = node.credentialsTypesInUse();
    const enabled = node.enabledAuthProviders();
    response.json({
      // The authentication providers that are on (X.509 only where a CA verifies certificates).
      basicAuthEnabled: enabled.has('MQTT_BASIC'),
      x509AuthEnabled: enabled.has('X_509') && node.tls?.caFile !== undefined,
      scramAuthEnabled: enabled.has('SCRAM'),
      jwtAuthEnabled: enabled.has('JWT'),
      httpAuthEnabled: enabled.has('HTTP'),
      tcpPort: node.mqttPort,
      tlsPort: node.mqttsPort ?? node.configuredPorts.mqtts,
      wsPort: node.wsPort,
      wssPort: node.wssPort ?? node.configuredPorts.wss,
      tcpListenerEnabled: true,
      tlsListenerEnabled: node.mqttsPort !== null,
      wsListenerEnabled: true,
      wssListenerEnabled: node.wssPort !== null,
      tcpMaxPayloadSize: node.maxPacketSize,
      tlsMaxPayloadSize: node.maxPacketSize,
      wsMaxPayloadSize: node.maxPacketSize,
      wssMaxPayloadSize: node.maxPacketSize,
      existsBasicCredentials: credentialsTypes.has('MQTT_BASIC'),
      existsX509Credentials: credentialsTypes.has('X_509'),
      existsScramCredentials: credentialsTypes.has('SCRAM'),
      // The console deletes consumer groups, never topics.
      allowKafkaTopicDeletion: false,
      // TBMQ counts this in whole minutes; the exact period follows.
      statsCollectionInterval: Math.max(1, Math.round(node.sampleIntervalSeconds / 60)),
      statsCollectionIntervalSeconds: node.sampleIntervalSeconds,
      wsPath: '/mqtt',
      anonymousAccessMode: anonymous.mode,
      anonymousAccessAllowed: anonymous.allowed,
    });
  });
  router.get('/api/starling/extensions', (_request, response) => {
    response.json({ extensions: node.extensions });
  });
  router.get('/api/app/message-rate', (_request, response) => {
    response.json(node.messageRates());
  });
  router.get('/api/app/brokers', (_request, response) => {
    response.json([node.nodeId]);
  });
  router.get('/api/edges/enabled', (_request, response) => {
    response.json(false);
  });
  router.get('/api/dashboard/maxDatapointsLimit', (_request, response) => {
    response.json(node.maxDatapoints);
  });
  router.get('/api/uiSettings/helpBaseUrl', (_request, response) => {
    // Empty: the console serves its help pages from its own assets.
    response.json('');
  });
  return router;
}
