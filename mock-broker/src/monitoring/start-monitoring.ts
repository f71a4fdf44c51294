import type { Router } from 'express';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database } from '../database/database.js';
import { monitoringRouter } from './http/monitoring-router.js';
import { metricsRouter } from './metrics/metrics-router.js';
import type { EntitySampleSink, SampleFeed } from './sample-feed.js';
import { liveLevels, NodeSampler, type NodeReadings } from './sampling/node-sampler.js';
import { ResourceUsage } from './sampling/resource-usage.js';
import { SampleAnnouncer } from './sampling/sample-announcer.js';
import { serviceInfos } from './service-info.js';
import { TimeseriesRepository } from './storage/timeseries-repository.js';
import { INTEGRATION_KEYS, TIMESERIES_KEYS, TOTAL_ENTITY_ID } from './timeseries-keys.js';
import { TimeseriesService } from './timeseries-service.js';

/** The settings the monitoring area takes (BrokerConfig). */
export interface MonitoringSettings {
  nodeId: string;
  dataDir: string;
  sampleIntervalSeconds: number;
  timeseriesRetentionDays: number;
  maxDatapoints: number;
  metricsEnabled: boolean;
  metricsToken: string | undefined;
}

/** What the monitoring area needs: where it stores, the settings, and what it samples. */
export interface MonitoringAreaNeeds {
  database: Database;
  settings: MonitoringSettings;
  readings: NodeReadings;
}

export interface MonitoringArea {
  /** Under /api: the time series and the service info. */
  routers: Router[];
  /** Outside /api: GET /metrics. */
  rootRouters: Router[];
  cleanups: (() => Promise<void>)[];
  /** Every sample stored from now on (the alert rules listen here). */
  feed: SampleFeed;
  /** Where other areas store their entities' samples (integrations). */
  entitySamples: EntitySampleSink;
}

/** Samples per entity pruned at most each time (a day at 10 s holds 8,640). */
const PRUNE_BATCH = 1000;
/** How long after start-up the stored samples of the total and the nodes are read into memory (issue 29). */
const WARM_AFTER_MS = 3000;
/** The keys sampled per node and in the total: the Monitoring page's charts. */
const NODE_KEYS = TIMESERIES_KEYS.filter((key) => !INTEGRATION_KEYS.has(key));

/**
 * The monitoring area (issue 16): samples the node every sampleIntervalSeconds into its time
 * series, answers the time-series queries, the service info and, when enabled, /metrics.
 */
export function startMonitoring({ database, settings, readings }: MonitoringAreaNeeds): MonitoringArea {
  const repository = new TimeseriesRepository(database);
  const announcer = new SampleAnnouncer(() => repository.nodes().map((node) => node.nodeId));
  const sampler = new NodeSampler(repository, readings, new ResourceUsage(settings.dataDir), announcer, {
    nodeId: settings.nodeId,
    retentionMs: settings.timeseriesRetentionDays * 86_400_000,
    pruneBatch: PRUNE_BATCH,
  });
  const samplingPeriodMs = settings.sampleIntervalSeconds * 1000;
  // One sample at a time: a tick that finds the last one still running (a large data directory to
  // measure) is skipped, so slow samples never pile up.
  let sampling: Promise<void> | undefined;
  const sample = () => {
    sampling ??= sampler
      .sample()
      .catch((error: unknown) => console.error('Sampling the node failed:', error))
      .finally(() => (sampling = undefined));
  };
  sample();
  const timer = setInterval(sample, samplingPeriodMs);
  timer.unref();
  // The first Monitoring page after a start is then answered from memory, not by SQLite: the total,
  // this node and the others, while they fit (a week of one is about 1,000,000 values, 8 MB).
  let stopped = false;
  let warming: Promise<void> | undefined;
  const warmTimer = setTimeout(() => {
    const entityIds = [TOTAL_ENTITY_ID, settings.nodeId, ...repository.nodes().map((node) => node.nodeId).filter((id) => id !== settings.nodeId)];
    warming = repository
      .warmHeldSamples(entityIds, NODE_KEYS, () => nextTurn(), () => stopped)
      .catch((error: unknown) => {
        if (!stopped) console.error('Reading the stored samples into memory failed:', error);
      });
  }, WARM_AFTER_MS);
  warmTimer.unref();
  return {
    routers: [monitoringRouter(new TimeseriesService(repository, settings.maxDatapoints), () => serviceInfos(repository.nodes()))],
    rootRouters: [
      metricsRouter({ enabled: settings.metricsEnabled, token: settings.metricsToken }, () => ({
        nodeId: settings.nodeId,
        counters: readings.counters(),
        levels: liveLevels(readings),
        memoryUsage: process.memoryUsage.rss(),
        cpuUsage: sampler.resources?.cpuUsage,
        diskUsage: sampler.resources?.diskUsage,
      })),
    ],
    cleanups: [
      async () => {
        stopped = true;
        clearInterval(timer);
        clearTimeout(warmTimer);
        await sampling;
        await warming;
      },
    ],
    feed: announcer,
    entitySamples: {
      record(samples) {
        repository.storeEntitySamples(samples, Date.now() - settings.timeseriesRetentionDays * 86_400_000, PRUNE_BATCH);
        for (const each of samples) announcer.announce(each);
      },
      addEntityIds: (ids) => announcer.addEntityIds(ids),
    },
  };
}
