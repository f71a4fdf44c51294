import type { Router } from 'express';
import type { IntegrationSettings } from '../config/config.js';
import type { Database } from '../database/database.js';
import type { EntitySampleSink } from '../monitoring/sample-feed.js';
import type { MqttBroker } from '../mqtt/mqtt-broker.js';
import { captureForIntegrations } from './delivery/capture.js';
import { EventStore } from './events/event-store.js';
import { IntegrationRepository } from './integration-repository.js';
import { integrationRouter } from './integration-router.js';
import { IntegrationService } from './integration-service.js';
import { RunningIntegrations } from './running-integrations.js';

export interface IntegrationNeeds {
  database: Database;
  broker: MqttBroker;
  nodeId: string;
  settings: IntegrationSettings;
  /** The time series, sampled like the node's: counts per period and the backlog per integration. */
  samples: EntitySampleSink;
  sampleIntervalSeconds: number;
}

/** The first wait after a failed attempt; it doubles up to the configured longest. */
const RETRY_MIN_MS = 250;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Integrations (openapi.yaml, tag integration): messages published to topics an integration's
 * filters match are stored with the publisher's acknowledgement and delivered to an HTTP service,
 * another MQTT broker or a Kafka topic, at least once and in order per source topic.
 */
export function startIntegrations(needs: IntegrationNeeds): {
  routers: Router[];
  /** An integration as the API answers it (the audit log's before and after). */
  read(id: string): unknown;
  cleanups: (() => Promise<void> | void)[];
} {
  const { settings } = needs;
  const repository = new IntegrationRepository(needs.database);
  const events = new EventStore(needs.database, { ttlMs: settings.eventsTtlDays * DAY_MS, maxPerEntity: settings.eventsMax });
  const running = new RunningIntegrations({
    database: needs.database,
    journal: needs.broker.persistence.journal,
    repository,
    events,
    nodeId: needs.nodeId,
    maxBacklogBytes: settings.maxBacklogBytes,
    retry: { minMs: RETRY_MIN_MS, maxMs: settings.retryMaxSeconds * 1000 },
  });
  running.load(repository.all());
  captureForIntegrations(needs.broker, running);
  const service = new IntegrationService(repository, running, events, needs.nodeId);
  const statistics = setInterval(() => {
    running.recordStatistics();
    events.prune();
  }, settings.statisticsIntervalSeconds * 1000);
  statistics.unref();
  needs.samples.addEntityIds(() => running.ids());
  const sampling = setInterval(() => {
    try {
      const samples = running.samples(Date.now());
      if (samples.length > 0) needs.samples.record(samples);
    } catch (error) {
      console.error('Sampling the integrations failed:', error);
    }
  }, needs.sampleIntervalSeconds * 1000);
  sampling.unref();
  return {
    routers: [integrationRouter(service, events)],
    read: (id: string) => service.get(id),
    cleanups: [() => running.close(), () => clearInterval(statistics), () => clearInterval(sampling)],
  };
}
