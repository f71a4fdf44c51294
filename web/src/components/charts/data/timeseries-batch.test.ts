import { describe, expect, it } from 'vitest';
import type { GetTimeseriesValuesParams, GetTimeseriesValues200 } from '../../../api/generated/model';
import { MAX_POINTS_PER_REQUEST, timeseriesBatcher } from './timeseries-batch';

const WEEK = { startTs: 1_000, endTs: 605_001_000, agg: 'AVG', interval: 3_600_000, limit: 169 } as const;

/** A broker answering every key asked with one point whose value names the entity; it records the requests. */
function recordingBroker() {
  const requests: { entityId: string; params: GetTimeseriesValuesParams }[] = [];
  const fetchValues = async (entityId: string, params: GetTimeseriesValuesParams): Promise<GetTimeseriesValues200> => {
    requests.push({ entityId, params });
    return Object.fromEntries(params.keys.split(',').map((key) => [key, [{ ts: params.startTs, value: `${entityId}:${key}` }]]));
  };
  return { requests, batcher: timeseriesBatcher(fetchValues) };
}

describe('time-series queries of one page', () => {
  it('go to the broker as one request per entity and range, with the keys comma-joined', async () => {
    const { requests, batcher } = recordingBroker();
    const signal = new AbortController().signal;
    const answers = await Promise.all([
      batcher('total', { ...WEEK, keys: 'incomingMsgs' }, false, signal),
      batcher('total', { ...WEEK, keys: 'outgoingMsgs' }, false, signal),
      batcher('node-a', { ...WEEK, keys: 'incomingMsgs' }, false, signal),
      batcher('total', { ...WEEK, keys: 'incomingMsgs' }, false, signal),
    ]);
    expect(requests).toEqual([
      { entityId: 'total', params: { ...WEEK, keys: 'incomingMsgs,outgoingMsgs' } },
      { entityId: 'node-a', params: { ...WEEK, keys: 'incomingMsgs' } },
    ]);
    expect(answers[1]?.outgoingMsgs).toEqual([{ ts: WEEK.startTs, value: 'total:outgoingMsgs' }]);
    expect(answers[2]?.incomingMsgs).toEqual([{ ts: WEEK.startTs, value: 'node-a:incomingMsgs' }]);
  });

  it('are sent together: in one later task, or at once when flushed', async () => {
    const { requests, batcher } = recordingBroker();
    const signal = new AbortController().signal;
    const asked = [batcher('total', { ...WEEK, keys: 'sessions' }, false, signal), batcher('node-a', { ...WEEK, keys: 'sessions' }, false, signal)];
    expect(requests).toHaveLength(0);
    batcher.flush();
    expect(requests.map((request) => request.entityId)).toEqual(['total', 'node-a']);
    await Promise.all(asked);
    const later = [batcher('total', { ...WEEK, keys: 'cpuUsage' }, false, signal), batcher('node-b', { ...WEEK, keys: 'cpuUsage' }, false, signal)];
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests.map((request) => request.entityId)).toEqual(['total', 'node-a', 'total', 'node-b']);
    await Promise.all(later);
  });

  it('keep apart what asks for another range, aggregation or quietness', async () => {
    const { requests, batcher } = recordingBroker();
    const signal = new AbortController().signal;
    await Promise.all([
      batcher('total', { ...WEEK, keys: 'sessions' }, false, signal),
      batcher('total', { ...WEEK, startTs: 2_000, keys: 'sessions' }, false, signal),
      batcher('total', { ...WEEK, agg: 'MAX', keys: 'sessions' }, false, signal),
      batcher('total', { ...WEEK, keys: 'sessions' }, true, signal),
    ]);
    expect(requests).toHaveLength(4);
  });

  it('ask for raw weeks one key a request, so that no answer holds more than the point budget', async () => {
    const { requests, batcher } = recordingBroker();
    const signal = new AbortController().signal;
    const rawWeek = { startTs: 1_000, endTs: 605_001_000, agg: 'NONE', limit: 60_480 } as const;
    await Promise.all(['incomingMsgs', 'outgoingMsgs', 'sessions'].map((keys) => batcher('total', { ...rawWeek, keys }, false, signal)));
    expect(requests.map((request) => request.params.keys)).toEqual(['incomingMsgs', 'outgoingMsgs', 'sessions']);
    const half = MAX_POINTS_PER_REQUEST / 2;
    await Promise.all(['incomingMsgs', 'outgoingMsgs', 'sessions'].map((keys) => batcher('total', { ...rawWeek, limit: half, keys }, false, signal)));
    expect(requests.slice(3).map((request) => request.params.keys)).toEqual(['incomingMsgs,outgoingMsgs', 'sessions']);
  });

  it('join raw weeks reduced to pixel columns by the points they answer (four a column), not by their limit', async () => {
    const { requests, batcher } = recordingBroker();
    const signal = new AbortController().signal;
    const keys = ['incomingMsgs', 'outgoingMsgs', 'droppedMsgs', 'inboundPayloadTraffic', 'outboundPayloadTraffic', 'sessions', 'subscriptions', 'retainedMsgs', 'tcpConnections', 'wsConnections', 'cpuUsage', 'memoryUsage'];
    const reducedWeek = { startTs: 1_000, endTs: 605_001_000, agg: 'NONE', limit: 100_000, pixelColumns: 1_100, pixelLeft: 60.5 } as const;
    await Promise.all(keys.map((key) => batcher('total', { ...reducedWeek, keys: key }, false, signal)));
    expect(requests.map((request) => request.params.keys)).toEqual([keys.join(',')]);
    // The widest plot the contract allows answers up to 40,004 points a key: two keys a request.
    await Promise.all(keys.slice(0, 3).map((key) => batcher('total', { ...reducedWeek, pixelColumns: 10_000, keys: key }, false, signal)));
    expect(requests.slice(1).map((request) => request.params.keys)).toEqual(['incomingMsgs,outgoingMsgs', 'droppedMsgs']);
  });

  it('answer a caller that gave up with its abort, and still answer the others', async () => {
    const { requests, batcher } = recordingBroker();
    const leaving = new AbortController();
    const staying = new AbortController();
    const left = batcher('total', { ...WEEK, keys: 'incomingMsgs' }, false, leaving.signal);
    const stayed = batcher('total', { ...WEEK, keys: 'retainedMsgs' }, false, staying.signal);
    leaving.abort();
    await expect(left).rejects.toThrow(/abort/i);
    await expect(stayed).resolves.toHaveProperty('retainedMsgs');
    expect(requests).toHaveLength(1);
  });

  it('send nothing when every caller gave up before the request left', async () => {
    const calls: string[] = [];
    const batcher = timeseriesBatcher(async (entityId) => {
      calls.push(entityId);
      return {};
    });
    const leaving = new AbortController();
    const answer = batcher('total', { ...WEEK, keys: 'incomingMsgs' }, false, leaving.signal);
    leaving.abort();
    await expect(answer).rejects.toThrow(/abort/i);
    expect(calls).toHaveLength(0);
  });
});
