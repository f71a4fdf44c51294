import path from 'node:path';
import { StartupError } from '../app/startup-error.js';

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
  /** Failed sign-ins per account within signInWindowSeconds before 429 (four times as many per address). */
  signInMaxFailures: number;
  signInWindowSeconds: number;
  /** Where users reach the console; the base of links in mails. */
  publicUrl: string;
  /** Days a password stays valid after it was set; 0: it never expires. */
  passwordMaxAgeDays: number;
}

type Environment = Record<string, string | undefined>;

export class ConfigError extends StartupError {}

function port(environment: Environment, name: string, fallback: number): number {
  const raw = environment[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  // 0 asks the operating system for a free port (used by tests).
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new ConfigError(`${name} must be a port number from 0 to 65535, got "${raw}"`);
  }
  return value;
}

function seconds(environment: Environment, name: string, fallback: number): number {
  const raw = environment[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new ConfigError(`${name} must be a whole number of seconds above 0, got "${raw}"`);
  }
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

function wholeNumber(environment: Environment, name: string, fallback: number): number {
  const raw = environment[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a whole number of 0 or more, got "${raw}"`);
  return value;
}

function count(environment: Environment, name: string, fallback: number): number {
  const raw = environment[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new ConfigError(`${name} must be a whole number above 0, got "${raw}"`);
  }
  return value;
}

/** Reads the STARLING_… variables of ARCHITECTURE.md; every one has a default. */
export function loadConfig(environment: Environment = process.env, cwd = process.cwd()): BrokerConfig {
  return {
    httpPort: port(environment, 'STARLING_HTTP_PORT', 8083),
    mqttPort: port(environment, 'STARLING_MQTT_PORT', 1883),
    wsPort: port(environment, 'STARLING_WS_PORT', 8084),
    mqttsPort: port(environment, 'STARLING_MQTTS_PORT', 8883),
    wssPort: port(environment, 'STARLING_WSS_PORT', 8085),
    tls: tlsFiles(environment, cwd),
    bindAddress: environment.STARLING_BIND_ADDRESS || '0.0.0.0',
    dataDir: path.resolve(cwd, environment.STARLING_DATA_DIR || 'data'),
    webDir: path.resolve(cwd, environment.STARLING_WEB_DIR || path.join(import.meta.dirname, '../../../web/dist')),
    jwtSecret: environment.STARLING_JWT_SECRET || undefined,
    accessTokenSeconds: seconds(environment, 'STARLING_ACCESS_TOKEN_SECONDS', 9000),
    refreshTokenSeconds: seconds(environment, 'STARLING_REFRESH_TOKEN_SECONDS', 604800),
    validateResponses: environment.STARLING_VALIDATE_RESPONSES === 'true',
    nodeId: environment.STARLING_NODE_ID || 'starling-node-1',
    signInMaxFailures: count(environment, 'STARLING_SIGN_IN_MAX_FAILURES', 5),
    signInWindowSeconds: seconds(environment, 'STARLING_SIGN_IN_WINDOW_SECONDS', 300),
    passwordMaxAgeDays: wholeNumber(environment, 'STARLING_PASSWORD_MAX_AGE_DAYS', 0),
    publicUrl: environment.STARLING_PUBLIC_URL || `http://localhost:${port(environment, 'STARLING_HTTP_PORT', 8083)}`,
    maxQueuedMessages: count(environment, 'STARLING_MAX_QUEUED_MESSAGES', 1000),
  };
}
