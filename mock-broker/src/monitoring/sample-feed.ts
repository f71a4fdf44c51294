import type { TimeseriesKey } from './timeseries-keys.js';

/** One node's sample, or the `total` across nodes, as it is stored. */
export interface Sample {
  ts: number;
  /** `total`, a node id, or another entity's (an integration's) id. */
  entityId: string;
  values: Partial<Record<TimeseriesKey, number>>;
}

/** Where another area stores the samples of its entities (an integration's statistics) into the time series. */
export interface EntitySampleSink {
  /** Stores the samples (pruned to the retention as they go) and announces them to the feed. */
  record(samples: Sample[]): void;
  /** Where the ids of those entities come from: alert rules may watch them. */
  addEntityIds(ids: () => string[]): void;
}

/** Where the sampler announces each sample after storing it (alert rules listen here). */
export interface SampleFeed {
  /** Calls the listener with every sample stored from now on; answers how to stop. */
  subscribe(listener: (sample: Sample) => void): () => void;
  /** `total`, the node ids that have samples, and the other entities' (integrations'). */
  entityIds(): string[];
  /** The entities sampled with `key`: an integration's key under integration ids, any other under `total` and the node ids. */
  entityIdsOf(key: TimeseriesKey): string[];
}
