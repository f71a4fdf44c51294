import path from 'node:path';
import { StartupError } from '../app/startup-error.js';
import { readTrustedProxies, TRUSTED_PROXIES_EXPECTED } from '../http/trusted-proxies.js';
import { loadKafkaSettings, type KafkaSettings } from '../kafka/kafka-settings.js';

/** Certificate files for the TLS listeners; a CA file makes them ask clients for certificates. */
export interface TlsFiles {
  certFile: string;
  keyFile: string;
  caFile: string | undefined;
}

export interface BrokerConfig {
  httpPort: number;
  mqttPort: number;
  wsPort: number;
  mqttsPort: number;
  wssPort: number;
  /** Undefined: no certificate configured, so no MQTTS or WSS listener. */
  tls: TlsFiles | undefined;
  bindAddress: string;
  dataDir: string;
  /** Folder holding the built console; served at `/` when it exists. */
  webDir: string;
  jwtSecret: string | undefined;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  /** Validate every API response against openapi.yaml (tests turn this on). */
  validateResponses: boolean;
  nodeId: string;
  /** Per persistent session; messages beyond it are dropped and counted. */
  maxQueuedMessages: number;
  maxQueuedBytes: number;
  maxTotalQueuedBytes: number;
  maxRetainedMessages: number;
  maxSessions: number;
  maxRetainedBytes: number;
  /** Failed sign-ins per account within signInWindowSeconds before 429 (four times as many per address). */
  signInMaxFailures: number;
  signInWindowSeconds: number;
  /** Addresses and CIDR ranges of proxies whose X-Forwarded-For names the client (sign-in limits per address); empty: none. */
  trustedProxies: string[];
  /** Where users reach the console; the base of links in mails. */
  publicUrl: string;
  /** Days a password stays valid after it was set; 0: it never expires. */
  passwordMaxAgeDays: number;
  /** The id that opens a read-only public session; undefined: public sign-in is off. */
  publicId: string | undefined;
  /** Hours a client event (connect, disconnect, takeover…) is kept in the client's history. */
  clientEventRetentionHours: number;
  /** Client events kept at most, across all clients; the oldest go first. */
  clientEventMaxCount: number;
  /** Largest MQTT packet the broker accepts, in bytes; stated in CONNACK (MQTT 5 Maximum Packet Size). */
  maxPacketSize: number;
  /** QoS 1/2 PUBLISHes a client may have unacknowledged towards the broker; stated in CONNACK (MQTT 5 Receive Maximum). Also the unreleased QoS 2 publishes a session may hold across its connections. */
  receiveMaximum: number;
  /** Longest keep-alive the broker grants, in seconds; 0: whatever the client asks. MQTT 5 clients asking more (or none) get Server Keep Alive. */
  maxKeepAliveSeconds: number;
  /** Largest packet before CONNACK (the CONNECT), in bytes: what an unauthenticated connection may make the broker hold. */
  maxConnectPacketSize: number;
  /** Longest client id and username, in characters. */
  maxClientIdLength: number;
  /** Longest topic name or filter, in bytes of UTF-8. */
  maxTopicLength: number;
  /** Subscriptions one client may hold. */
  maxSubscriptionsPerClient: number;
  /** Subscriptions of all sessions together. */
  maxSubscriptions: number;
  /** Open MQTT connections (TCP, TLS and WebSocket together) from one address. */
  maxConnectionsPerAddress: number;
  maxConnections: number;
  /** Open connections one address may hold on the HTTP port, and on the WebSocket ports until their upgrade (trusted proxies apart). */
  maxHttpConnectionsPerAddress: number;
  /** Open connections the HTTP port holds at most, whatever their address. */
  maxHttpConnections: number;
  /** Browser origins (besides the console's own) whose pages may open MQTT over WebSocket; `*`: any. */
  webSocketOrigins: string[];
  /** Seconds between two samples of the node's counters into its time series. */
  sampleIntervalSeconds: number;
  /** Days a time-series sample is kept. */
  timeseriesRetentionDays: number;
  /** Points per key a time-series query may answer (`/api/dashboard/maxDatapointsLimit`). */
  maxDatapoints: number;
  /** Serve the counters in the Prometheus text format at `/metrics`. */
  metricsEnabled: boolean;
  /** With it, `/metrics` asks for `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** Bytes the web-socket client keeps per user at most (names, configurations, topic filters, passwords of connections, subscriptions, saved messages). */
  wsClientMaxBytesPerUser: number;
  /** The Kafka cluster of the Kafka pages; undefined: none configured (they answer 503, errorCode 40). */
  kafka: KafkaSettings | undefined;
  integrations: IntegrationSettings;
  auditLog: AuditLogSettings;
}

/** How long and how much of the audit log the node keeps (openapi.yaml getAuditLogs). */
export interface AuditLogSettings {
  /** Days an entry is kept. */
  retentionDays: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries: number;
  /** Bytes of entries kept at most (their text and a fixed cost per entry); the oldest go first. */
  maxBytes: number;
}

/** How integrations deliver and what they keep (openapi.yaml Integration, EventInfo). */
export interface IntegrationSettings {
  /** Bytes one integration's backlog holds at most; messages past it are dropped and counted. */
  maxBacklogBytes: number;
  /** The longest wait between two attempts while a target fails. */
  retryMaxSeconds: number;
  /** Days an integration event is kept. */
  eventsTtlDays: number;
  /** Events kept per integration and type at most. */
  eventsMax: number;
  /** Seconds between two STATS events. */
  statisticsIntervalSeconds: number;
}

type Environment = Record<string, string | undefined>;

export class ConfigError extends StartupError {}

/** The whole-number settings: their bounds and how an error names what was expected. */
const INTEGER_KINDS = {
  // 0 asks the operating system for a free port (used by tests).
  port: { min: 0, max: 65535, expected: 'a port number from 0 to 65535' },
  seconds: { min: 1, max: Number.MAX_SAFE_INTEGER, expected: 'a whole number of seconds above 0' },
  count: { min: 1, max: Number.MAX_SAFE_INTEGER, expected: 'a whole number above 0' },
  wholeNumber: { min: 0, max: Number.MAX_SAFE_INTEGER, expected: 'a whole number of 0 or more' },
  // MQTT's own bounds: a packet is at most 268,435,460 bytes (2.2.3), but one too small for a CONNECT locks everyone out.
  packetSize: { min: 1024, max: 268_435_460, expected: 'a number of bytes from 1024 to 268435460' },
  receiveMaximum: { min: 1, max: 65535, expected: 'a whole number from 1 to 65535' },
  keepAlive: { min: 0, max: 65535, expected: 'a number of seconds from 0 (no maximum) to 65535' },
  // Below 64 KiB one saved message with a large payload would fill a user's storage.
  storageBytes: { min: 65536, max: Number.MAX_SAFE_INTEGER, expected: 'a number of bytes of 65536 or more' },
  // MQTT strings are at most 65,535 bytes (1.5.4).
  textLength: { min: 23, max: 65535, expected: 'a length from 23 to 65535' },
} as const;

function integer(environment: Environment, name: string, fallback: number, kind: keyof typeof INTEGER_KINDS): number {
  const raw = environment[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  const { min, max, expected } = INTEGER_KINDS[kind];
  if (!Number.isInteger(value) || value < min || value > max) throw new ConfigError(`${name} must be ${expected}, got "${raw}"`);
  return value;
}

function tlsFiles(environment: Environment, cwd: string): TlsFiles | undefined {
  const cert = environment.STARLING_TLS_CERT_FILE;
  const key = environment.STARLING_TLS_KEY_FILE;
  if (!cert && !key) return undefined;
  if (!cert || !key) {
    throw new ConfigError('STARLING_TLS_CERT_FILE and STARLING_TLS_KEY_FILE go together: set both to enable the TLS listeners, or neither');
  }
  const ca = environment.STARLING_TLS_CA_FILE;
  return { certFile: path.resolve(cwd, cert), keyFile: path.resolve(cwd, key), caFile: ca ? path.resolve(cwd, ca) : undefined };
}

/** STARLING_TRUSTED_PROXIES: addresses or CIDR ranges, separated by commas or spaces. */
function trustedProxies(environment: Environment): string[] {
  const { entries, invalid } = readTrustedProxies(environment.STARLING_TRUSTED_PROXIES);
  if (invalid !== undefined) throw new ConfigError(`STARLING_TRUSTED_PROXIES ${TRUSTED_PROXIES_EXPECTED}, got "${invalid}"`);
  return entries;
}

/** Reads the STARLING_… variables of ARCHITECTURE.md; every one has a default. */
export function loadConfig(environment: Environment = process.env, cwd = process.cwd()): BrokerConfig {
  const httpPort = integer(environment, 'STARLING_HTTP_PORT', 8083, 'port');
  return {
    httpPort,
    mqttPort: integer(environment, 'STARLING_MQTT_PORT', 1883, 'port'),
    wsPort: integer(environment, 'STARLING_WS_PORT', 8084, 'port'),
    mqttsPort: integer(environment, 'STARLING_MQTTS_PORT', 8883, 'port'),
    wssPort: integer(environment, 'STARLING_WSS_PORT', 8085, 'port'),
    tls: tlsFiles(environment, cwd),
    bindAddress: environment.STARLING_BIND_ADDRESS || '0.0.0.0',
    dataDir: path.resolve(cwd, environment.STARLING_DATA_DIR || 'data'),
    webDir: path.resolve(cwd, environment.STARLING_WEB_DIR || path.join(import.meta.dirname, '../../../web/dist')),
    jwtSecret: environment.STARLING_JWT_SECRET || undefined,
    accessTokenSeconds: integer(environment, 'STARLING_ACCESS_TOKEN_SECONDS', 9000, 'seconds'),
    refreshTokenSeconds: integer(environment, 'STARLING_REFRESH_TOKEN_SECONDS', 604800, 'seconds'),
    validateResponses: environment.STARLING_VALIDATE_RESPONSES === 'true',
    nodeId: environment.STARLING_NODE_ID || 'starling-node-1',
    signInMaxFailures: integer(environment, 'STARLING_SIGN_IN_MAX_FAILURES', 5, 'count'),
    signInWindowSeconds: integer(environment, 'STARLING_SIGN_IN_WINDOW_SECONDS', 300, 'seconds'),
    trustedProxies: trustedProxies(environment),
    passwordMaxAgeDays: integer(environment, 'STARLING_PASSWORD_MAX_AGE_DAYS', 0, 'wholeNumber'),
    publicUrl: environment.STARLING_PUBLIC_URL || `http://localhost:${httpPort}`,
    maxQueuedMessages: integer(environment, 'STARLING_MAX_QUEUED_MESSAGES', 1000, 'count'),
    maxQueuedBytes: integer(environment, 'STARLING_MAX_QUEUED_BYTES', 32 * 1024 * 1024, 'storageBytes'),
    maxTotalQueuedBytes: integer(environment, 'STARLING_MAX_TOTAL_QUEUED_BYTES', 1024 * 1024 * 1024, 'storageBytes'),
    maxRetainedMessages: integer(environment, 'STARLING_MAX_RETAINED_MESSAGES', 1_000_000, 'count'),
    maxSessions: integer(environment, 'STARLING_MAX_SESSIONS', 2_000_000, 'count'),
    maxRetainedBytes: integer(environment, 'STARLING_MAX_RETAINED_BYTES', 1024 * 1024 * 1024, 'storageBytes'),
    publicId: environment.STARLING_PUBLIC_ID?.trim() || undefined,
    clientEventRetentionHours: integer(environment, 'STARLING_CLIENT_EVENT_RETENTION_HOURS', 168, 'count'),
    clientEventMaxCount: integer(environment, 'STARLING_CLIENT_EVENT_MAX_COUNT', 100_000, 'count'),
    maxPacketSize: integer(environment, 'STARLING_MAX_PACKET_SIZE', 256 * 1024, 'packetSize'),
    receiveMaximum: integer(environment, 'STARLING_RECEIVE_MAXIMUM', 1024, 'receiveMaximum'),
    maxKeepAliveSeconds: integer(environment, 'STARLING_MAX_KEEP_ALIVE_SECONDS', 0, 'keepAlive'),
    maxConnectPacketSize: integer(environment, 'STARLING_MAX_CONNECT_PACKET_SIZE', 16 * 1024, 'packetSize'),
    maxClientIdLength: integer(environment, 'STARLING_MAX_CLIENT_ID_LENGTH', 256, 'textLength'),
    maxTopicLength: integer(environment, 'STARLING_MAX_TOPIC_LENGTH', 4096, 'textLength'),
    maxSubscriptionsPerClient: integer(environment, 'STARLING_MAX_SUBSCRIPTIONS_PER_CLIENT', 5000, 'count'),
    maxSubscriptions: integer(environment, 'STARLING_MAX_SUBSCRIPTIONS', 5_000_000, 'count'),
    maxConnectionsPerAddress: integer(environment, 'STARLING_MAX_CONNECTIONS_PER_ADDRESS', 1000, 'count'),
    maxConnections: integer(environment, 'STARLING_MAX_CONNECTIONS', 100_000, 'count'),
    maxHttpConnectionsPerAddress: integer(environment, 'STARLING_MAX_HTTP_CONNECTIONS_PER_ADDRESS', 256, 'count'),
    maxHttpConnections: integer(environment, 'STARLING_MAX_HTTP_CONNECTIONS', 4096, 'count'),
    webSocketOrigins: (environment.STARLING_WS_ALLOWED_ORIGINS ?? '').split(',').map((origin) => origin.trim().replace(/\/+$/, '')).filter((origin) => origin !== ''),
    sampleIntervalSeconds: integer(environment, 'STARLING_SAMPLE_INTERVAL_SECONDS', 10, 'seconds'),
    timeseriesRetentionDays: integer(environment, 'STARLING_TIMESERIES_RETENTION_DAYS', 7, 'count'),
    maxDatapoints: integer(environment, 'STARLING_MAX_DATAPOINTS', 100_000, 'count'),
    metricsEnabled: environment.STARLING_METRICS_ENABLED === 'true',
    metricsToken: environment.STARLING_METRICS_TOKEN || undefined,
    wsClientMaxBytesPerUser: integer(environment, 'STARLING_WS_CLIENT_MAX_BYTES_PER_USER', 16 * 1024 * 1024, 'storageBytes'),
    kafka: loadKafkaSettings(environment, cwd),
    integrations: {
      maxBacklogBytes: integer(environment, 'STARLING_INTEGRATION_MAX_BACKLOG_BYTES', 64 * 1024 * 1024, 'storageBytes'),
      retryMaxSeconds: integer(environment, 'STARLING_INTEGRATION_RETRY_MAX_SECONDS', 30, 'seconds'),
      eventsTtlDays: integer(environment, 'STARLING_INTEGRATION_EVENTS_TTL_DAYS', 7, 'count'),
      eventsMax: integer(environment, 'STARLING_INTEGRATION_EVENTS_MAX', 10_000, 'count'),
      statisticsIntervalSeconds: integer(environment, 'STARLING_INTEGRATION_STATS_INTERVAL_SECONDS', 60, 'seconds'),
    },
    auditLog: {
      retentionDays: integer(environment, 'STARLING_AUDIT_LOG_RETENTION_DAYS', 90, 'count'),
      maxEntries: integer(environment, 'STARLING_AUDIT_LOG_MAX_ENTRIES', 100_000, 'count'),
      maxBytes: integer(environment, 'STARLING_AUDIT_LOG_MAX_BYTES', 64 * 1024 * 1024, 'storageBytes'),
    },
  };
}
