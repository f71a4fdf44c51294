import type { BrokerCounters } from '../../mqtt/broker-statistics.js';
import type { OpenConnections } from '../../mqtt/connections/listeners.js';
import type { Sample } from '../sample-feed.js';
import type { NodeCapacity, TimeseriesRepository } from '../storage/timeseries-repository.js';
import type { TimeseriesKey } from '../timeseries-keys.js';
import type { ResourceReading, ResourceUsage } from './resource-usage.js';
import type { SampleAnnouncer } from './sample-announcer.js';

/** The counters sampled as growth per period: the broker's, and the bytes its connections carried. */
export type SampledCounters = BrokerCounters & { processedBytes: number };

/** What the sampler reads from the node, each time it samples. */
export interface NodeReadings {
  /** Totals since the node started (BrokerStatistics, and the listeners' processedBytes). */
  counters(): SampledCounters;
  sessions(): number;
  subscriptions(): number;
  retainedMessages(): number;
  openConnections(): OpenConnections;
}

/** The level keys that are read live, without a sampling period. */
export type LiveLevels = Pick<Record<TimeseriesKey, number>, 'sessions' | 'subscriptions' | 'retainedMsgs' | 'tcpConnections' | 'tlsConnections' | 'wsConnections' | 'wssConnections'>;

export function liveLevels(readings: NodeReadings): LiveLevels {
  const connections = readings.openConnections();
  return {
    sessions: readings.sessions(),
    subscriptions: readings.subscriptions(),
    retainedMsgs: readings.retainedMessages(),
    tcpConnections: connections.tcp,
    tlsConnections: connections.tls,
    wsConnections: connections.ws,
    wssConnections: connections.wss,
  };
}

/** Hundredths of a percent: a small data directory on a large disk still shows. */
const percentOf = (used: number, total: number) => (total > 0 ? Math.round((10_000 * used) / total) / 100 : 0);

/**
 * The resources as the time series keeps them: in percent, as the production broker family does
 * (openapi.yaml TimeseriesKey), memory of the machine's memory and disk of the file system's size.
 */
export function resourcePercents(resources: ResourceReading, capacity: NodeCapacity): Pick<Record<TimeseriesKey, number>, 'cpuUsage' | 'memoryUsage' | 'diskUsage'> {
  return { cpuUsage: resources.cpuUsage, memoryUsage: percentOf(resources.memoryUsage, capacity.totalMemory), diskUsage: percentOf(resources.diskUsage, capacity.totalDiskSpace) };
}

export interface SamplerOptions {
  nodeId: string;
  retentionMs: number;
  /** Samples per entity pruned at most each time: bounded work, which catches up within a few ticks. */
  pruneBatch: number;
}

/**
 * Takes one sample of the node: the counters' growth since the last sample, the levels now and the
 * process's resources; stores it with the total across nodes, prunes what retention lets go, and
 * announces both samples.
 */
export class NodeSampler {
  #previous: SampledCounters;
  #resources: ResourceReading | undefined;

  constructor(
    private readonly repository: TimeseriesRepository,
    private readonly readings: NodeReadings,
    private readonly resourceUsage: ResourceUsage,
    private readonly announcer: SampleAnnouncer,
    private readonly options: SamplerOptions,
  ) {
    // A node starts from zero: its first sample counts what happened since it started.
    this.#previous = { incomingMsgs: 0, outgoingMsgs: 0, droppedMsgs: 0, inboundPayloadTraffic: 0, outboundPayloadTraffic: 0, processedBytes: 0 };
  }

  /** The process's resources at the newest sample (undefined before the first). */
  get resources(): ResourceReading | undefined {
    return this.#resources;
  }

  async sample(now = Date.now()): Promise<void> {
    const [resources, capacity] = await Promise.all([this.resourceUsage.read(), this.resourceUsage.capacity()]);
    const counters = this.readings.counters();
    const growth = Object.fromEntries(Object.entries(counters).map(([key, value]) => [key, value - this.#previous[key as keyof SampledCounters]]));
    this.#previous = counters;
    this.#resources = resources;
    const sample: Sample = { ts: now, entityId: this.options.nodeId, values: { ...growth, ...liveLevels(this.readings), ...resourcePercents(resources, capacity) } };
    const total = this.repository.storeNodeSample(sample, capacity);
    this.repository.prune(now - this.options.retentionMs, this.options.pruneBatch, this.options.nodeId);
    this.announcer.announce(sample);
    this.announcer.announce(total);
  }
}
