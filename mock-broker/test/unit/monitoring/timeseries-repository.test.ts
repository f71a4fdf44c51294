import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TimeseriesRepository } from '../../../src/monitoring/storage/timeseries-repository.js';
import { openTemporaryDatabase } from '../../support/node/temporary-database.js';

let store: ReturnType<typeof openTemporaryDatabase>;
let repository: TimeseriesRepository;
const capacity = { cpuCount: 2, totalMemory: 4e9, totalDiskSpace: 1e11 };

beforeEach(() => {
  store = openTemporaryDatabase();
  repository = new TimeseriesRepository(store.database);
});

afterEach(() => store.destroy());

const points = (entityId: string) => JSON.parse(repository.rawPoints({ entityId, keys: ['incomingMsgs'], startTs: 0, endTs: 10_000, limits: [1000], order: 'ASC' }).incomingMsgs?.text ?? '[]') as { ts: number; value: number }[];

describe('the time-series store', () => {
  it('stores a node sample with the total across the nodes that sampled at that time', () => {
    repository.recordNode('other-node', 1000, capacity);
    repository.store({ entityId: 'other-node', ts: 1000, values: { incomingMsgs: 5, cpuUsage: 10 } });
    const total = repository.storeNodeSample({ entityId: 'this-node', ts: 1000, values: { incomingMsgs: 3, cpuUsage: 2.5, sessions: 4 } }, capacity);
    expect(total).toEqual({ entityId: 'total', ts: 1000, values: { incomingMsgs: 8, cpuUsage: 12.5, sessions: 4 } });
    expect(points('total')).toEqual([{ ts: 1000, value: 8 }]);
  });

  it('prunes at most a batch per entity each time, oldest first, and forgets other nodes left without samples', () => {
    for (let ts = 1000; ts <= 5000; ts += 1000) {
      repository.store({ entityId: 'gone-node', ts, values: { incomingMsgs: ts } });
      repository.store({ entityId: 'total', ts, values: { incomingMsgs: ts } });
    }
    repository.recordNode('gone-node', 5000, capacity);
    repository.recordNode('this-node', 5000, capacity);

    expect(repository.prune(4500, 2, 'this-node')).toBe(4);
    expect(points('gone-node').map((point) => point.ts)).toEqual([3000, 4000, 5000]);
    expect(repository.prune(4500, 2, 'this-node')).toBe(4);
    expect(points('total').map((point) => point.ts)).toEqual([5000]);
    expect(repository.prune(6000, 2, 'this-node')).toBe(2);
    // this-node stays listed without samples: it is the one sampling.
    expect(repository.nodes().map((node) => node.nodeId)).toEqual(['this-node']);
  });
});
