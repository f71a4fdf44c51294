import type { Sample, SampleFeed } from '../sample-feed.js';
import { INTEGRATION_KEYS, TOTAL_ENTITY_ID, type TimeseriesKey } from '../timeseries-keys.js';

/** The feed the sampler announces to: listeners hear every sample stored from their subscribing on. */
export class SampleAnnouncer implements SampleFeed {
  readonly #listeners = new Set<(sample: Sample) => void>();
  /** Entities besides the nodes whose samples are announced (integrations). */
  readonly #moreEntityIds: (() => string[])[] = [];

  constructor(private readonly nodeIds: () => string[]) {}

  subscribe(listener: (sample: Sample) => void): () => void {
    // Wrapped, so that the same function subscribed twice is heard twice and stops once per answer.
    const entry = (sample: Sample) => listener(sample);
    this.#listeners.add(entry);
    return () => this.#listeners.delete(entry);
  }

  entityIds(): string[] {
    return [TOTAL_ENTITY_ID, ...this.nodeIds(), ...this.#otherEntityIds()];
  }

  entityIdsOf(key: TimeseriesKey): string[] {
    return INTEGRATION_KEYS.has(key) ? this.#otherEntityIds() : [TOTAL_ENTITY_ID, ...this.nodeIds()];
  }

  #otherEntityIds(): string[] {
    return this.#moreEntityIds.flatMap((ids) => ids());
  }

  /** Counts the ids another area samples among the entities (alert rules may watch them). */
  addEntityIds(ids: () => string[]): void {
    this.#moreEntityIds.push(ids);
  }

  /** A listener that throws is reported and the others still hear the sample; sampling goes on. */
  announce(sample: Sample): void {
    for (const listener of this.#listeners) {
      try {
        listener(sample);
      } catch (error) {
        console.error(`A listener of the ${sample.entityId} samples failed:`, error);
      }
    }
  }
}
