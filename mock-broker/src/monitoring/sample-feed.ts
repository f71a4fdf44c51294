import type { TimeseriesKey } from './timeseries-keys.js';

/** One node's sample, or the `total` across nodes, as it is stored. */
export interface Sample {
  ts: number;
  /** `total` or a node id. */
  entityId: string;
  values: Partial<Record<TimeseriesKey, number>>;
}

/** Where the sampler announces each sample after storing it (alert rules listen here). */
export interface SampleFeed {
  /** Calls the listener with every sample stored from now on; answers how to stop. */
  subscribe(listener: (sample: Sample) => void): () => void;
  /** Node ids that have samples, and `total`. */
  entityIds(): string[];
}
