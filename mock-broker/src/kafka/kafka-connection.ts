import fs from 'node:fs';
import { Admin, type AdminOptions } from '@platformatic/kafka';
import { ApiError, ErrorCode } from '../http/api-error.js';
import type { KafkaSettings } from './kafka-settings.js';

/** The longest a Kafka page waits for the cluster: an unreachable one answers 503 (errorCode 41) by then. */
export const KAFKA_DEADLINE_MS = 8000;

/** Per connection attempt; with one retry an address that never answers costs about 5 s. */
const CONNECT_TIMEOUT_MS = 2500;
const REQUEST_TIMEOUT_MS = 6000;

function notConfigured(): ApiError {
  return new ApiError(503, ErrorCode.kafkaNotConfigured, 'Kafka is not configured: set STARLING_KAFKA_BOOTSTRAP (host:port of the cluster\'s brokers) and restart the node: the Kafka pages and application shared subscriptions need a Kafka cluster');
}

function unavailable(reason: string): ApiError {
  return new ApiError(503, ErrorCode.kafkaUnavailable, `Kafka is unavailable at STARLING_KAFKA_BOOTSTRAP: ${reason}`);
}

/** The deepest message of the client's (often nested) errors: "connect ECONNREFUSED …" says more than "Connection failed". */
function reasonOf(error: unknown): string {
  let current: unknown = error;
  const messages: string[] = [];
  while (current instanceof Error && messages.length < 8) {
    messages.push(current.message);
    current = current instanceof AggregateError && current.errors.length > 0 ? current.errors[0] : current.cause;
  }
  return messages.at(-1) ?? String(error);
}

/**
 * How any client of the node reaches the cluster (the admin of the Kafka pages, the producers and
 * consumers of application shared subscriptions); clientId names the client in Kafka's logs.
 */
export function kafkaClientOptions(settings: KafkaSettings, clientId = 'starling-console'): AdminOptions {
  const tls = settings.tls ? { ca: settings.tlsCaFile === undefined ? undefined : fs.readFileSync(settings.tlsCaFile, 'utf8') } : undefined;
  return {
    clientId,
    bootstrapBrokers: settings.bootstrap,
    connectTimeout: CONNECT_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    timeout: REQUEST_TIMEOUT_MS,
    retries: 1,
    retryDelay: 200,
    tls,
    sasl: settings.sasl,
  };
}

/**
 * The one admin client of the Kafka pages, made at the first request that needs it (a node whose
 * Kafka is down still starts), dropped after a failure so that the next request connects afresh.
 */
export class KafkaConnection {
  private admin: Admin | undefined;

  constructor(private readonly settings: KafkaSettings | undefined) {}

  /**
   * Runs `work` with the admin client within KAFKA_DEADLINE_MS. The ApiErrors it throws pass
   * through; every other failure is Kafka's, answered 503 with errorCode 41 and the reason.
   */
  async use<T>(work: (admin: Admin) => Promise<T>): Promise<T> {
    if (this.settings === undefined) throw notConfigured();
    const admin = this.connected(this.settings);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(unavailable(`no answer within ${KAFKA_DEADLINE_MS / 1000} s`)), KAFKA_DEADLINE_MS);
    });
    try {
      return await Promise.race([work(admin), deadline]);
    } catch (error) {
      if (error instanceof ApiError && error.errorCode !== ErrorCode.kafkaUnavailable) throw error;
      this.drop(admin);
      throw error instanceof ApiError ? error : unavailable(reasonOf(error));
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    const admin = this.admin;
    this.admin = undefined;
    await admin?.close().catch(() => undefined);
  }

  /** The admin client, made now when there is none; a CA file it cannot read makes Kafka unavailable too. */
  private connected(settings: KafkaSettings): Admin {
    if (this.admin !== undefined) return this.admin;
    try {
      this.admin = new Admin(kafkaClientOptions(settings));
    } catch (error) {
      throw unavailable(reasonOf(error));
    }
    return this.admin;
  }

  private drop(admin: Admin): void {
    if (this.admin !== admin) return;
    this.admin = undefined;
    admin.close().catch(() => undefined);
  }
}

/** Whether a client error holds, at any depth, the Kafka protocol error of that name (such as NON_EMPTY_GROUP). */
export function hasKafkaError(error: unknown, name: string): boolean {
  if (!(error instanceof Error)) return false;
  if ((error as Error & { apiId?: unknown }).apiId === name) return true;
  const nested = error instanceof AggregateError ? error.errors : [];
  return [...nested, error.cause].some((inner) => hasKafkaError(inner, name));
}
