import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from '../app/startup-error.js';

export const SASL_MECHANISMS = ['PLAIN', 'SCRAM-SHA-256', 'SCRAM-SHA-512'] as const;
export type SaslMechanism = (typeof SASL_MECHANISMS)[number];

export interface KafkaSasl {
  mechanism: SaslMechanism;
  username: string;
  password: string;
}

/** How the node reaches the Kafka cluster of the Kafka pages (ARCHITECTURE.md "Ports, configuration, data"). */
export interface KafkaSettings {
  /** host:port of the brokers the client asks first for the cluster's metadata. */
  bootstrap: { host: string; port: number }[];
  /** Undefined: no SASL authentication. */
  sasl: KafkaSasl | undefined;
  tls: boolean;
  /** PEM file of the CA the brokers' certificates must chain to; undefined: the system's CAs. */
  tlsCaFile: string | undefined;
  /** What application shared subscriptions may take of the node; undefined: DEFAULT_KAFKA_LIMITS. */
  limits?: KafkaLimits;
}

/** Bounds on what clients can make the node hold for Kafka (SECURITY.md, README "Configuration"). */
export interface KafkaLimits {
  /** Bytes of records waiting for Kafka (STARLING_KAFKA_MAX_QUEUED_BYTES). */
  maxQueuedBytes: number;
  /** Members (Kafka consumers) the node runs (STARLING_KAFKA_MAX_MEMBERS). */
  maxMembers: number;
  /** Members one client connection holds (STARLING_KAFKA_MAX_MEMBERS_PER_CLIENT). */
  maxMembersPerClient: number;
  /** Consumer groups (share names) one application shared subscription has in Kafka (STARLING_KAFKA_MAX_GROUPS_PER_SUBSCRIPTION). */
  maxGroupsPerSubscription: number;
}

export const DEFAULT_KAFKA_LIMITS: KafkaLimits = { maxQueuedBytes: 64 * 1024 * 1024, maxMembers: 1000, maxMembersPerClient: 16, maxGroupsPerSubscription: 64 };

class KafkaConfigError extends StartupError {}

type Environment = Record<string, string | undefined>;

function bootstrapAddress(entry: string): { host: string; port: number } {
  // host:port, with IPv6 hosts in brackets ([::1]:9092).
  const match = /^(\[[0-9A-Fa-f:.]+\]|[^\s:[\]]+):(\d{1,5})$/.exec(entry);
  const port = match ? Number(match[2]) : 0;
  if (!match || port < 1 || port > 65535) {
    throw new KafkaConfigError(`STARLING_KAFKA_BOOTSTRAP must be a comma-separated list of host:port (port 1 to 65535), got "${entry}"`);
  }
  return { host: (match[1] as string).replace(/^\[|\]$/g, ''), port };
}

function sasl(environment: Environment): KafkaSasl | undefined {
  const mechanism = environment.STARLING_KAFKA_SASL_MECHANISM || undefined;
  const username = environment.STARLING_KAFKA_SASL_USERNAME || undefined;
  const password = environment.STARLING_KAFKA_SASL_PASSWORD || undefined;
  if (mechanism === undefined) {
    if (username !== undefined || password !== undefined) {
      throw new KafkaConfigError('STARLING_KAFKA_SASL_USERNAME and STARLING_KAFKA_SASL_PASSWORD need STARLING_KAFKA_SASL_MECHANISM (PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512)');
    }
    return undefined;
  }
  if (!(SASL_MECHANISMS as readonly string[]).includes(mechanism)) {
    throw new KafkaConfigError(`STARLING_KAFKA_SASL_MECHANISM must be one of ${SASL_MECHANISMS.join(', ')}, got "${mechanism}"`);
  }
  if (username === undefined || password === undefined) {
    throw new KafkaConfigError('STARLING_KAFKA_SASL_MECHANISM needs STARLING_KAFKA_SASL_USERNAME and STARLING_KAFKA_SASL_PASSWORD');
  }
  return { mechanism: mechanism as SaslMechanism, username, password };
}

function flag(environment: Environment, name: string): boolean {
  const raw = environment[name];
  if (raw === undefined || raw === '') return false;
  if (raw !== 'true' && raw !== 'false') throw new KafkaConfigError(`${name} must be true or false, got "${raw}"`);
  return raw === 'true';
}

function limit(environment: Environment, name: string, fallback: number, max: number): number {
  const raw = environment[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new KafkaConfigError(`${name} must be a whole number from 1 to ${max}, got "${raw}"`);
  return value;
}

function limits(environment: Environment): KafkaLimits {
  return {
    // One PUBLISH is at most 256 MiB (MQTT 5 section 2.2.3): a bound of 4 GiB holds several.
    maxQueuedBytes: limit(environment, 'STARLING_KAFKA_MAX_QUEUED_BYTES', DEFAULT_KAFKA_LIMITS.maxQueuedBytes, 4 * 1024 ** 3),
    maxMembers: limit(environment, 'STARLING_KAFKA_MAX_MEMBERS', DEFAULT_KAFKA_LIMITS.maxMembers, 100_000),
    maxMembersPerClient: limit(environment, 'STARLING_KAFKA_MAX_MEMBERS_PER_CLIENT', DEFAULT_KAFKA_LIMITS.maxMembersPerClient, 100_000),
    maxGroupsPerSubscription: limit(environment, 'STARLING_KAFKA_MAX_GROUPS_PER_SUBSCRIPTION', DEFAULT_KAFKA_LIMITS.maxGroupsPerSubscription, 100_000),
  };
}

/** The STARLING_KAFKA_… settings; undefined when STARLING_KAFKA_BOOTSTRAP is unset (the Kafka pages then say so). */
export function loadKafkaSettings(environment: Environment, cwd: string): KafkaSettings | undefined {
  const bootstrap = (environment.STARLING_KAFKA_BOOTSTRAP ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const tls = flag(environment, 'STARLING_KAFKA_TLS');
  const caFile = environment.STARLING_KAFKA_TLS_CA_FILE || undefined;
  const settings = { sasl: sasl(environment), tls, tlsCaFile: caFile === undefined ? undefined : path.resolve(cwd, caFile), limits: limits(environment) };
  if (caFile !== undefined && !tls) throw new KafkaConfigError('STARLING_KAFKA_TLS_CA_FILE needs STARLING_KAFKA_TLS=true');
  if (settings.tlsCaFile !== undefined && !fs.existsSync(settings.tlsCaFile)) {
    throw new KafkaConfigError(`STARLING_KAFKA_TLS_CA_FILE names a file that does not exist: ${settings.tlsCaFile}`);
  }
  if (bootstrap.length === 0) {
    if (settings.sasl !== undefined || tls) throw new KafkaConfigError('The STARLING_KAFKA_SASL_… and STARLING_KAFKA_TLS settings need STARLING_KAFKA_BOOTSTRAP');
    return undefined;
  }
  return { bootstrap: bootstrap.map(bootstrapAddress), ...settings };
}
