// Seeds a data directory with a week of samples every 10 s for two node ids plus their total, written
// through the built broker's own repository (mock-broker/dist), ending now: the history a chart reads.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from '../lib/workspace.mjs';

const dist = (file) => pathToFileURL(path.join(root, 'mock-broker/dist', file)).href;

export const SEEDED_NODES = ['bench-node-a', 'bench-node-b'];
export const SAMPLE_PERIOD_MS = 10_000;
export const WEEK_MS = 7 * 24 * 3_600_000;

/** A node's sample at step `step`: daily waves with some noise, counters per period, levels, resources. */
function valuesAt(step, nodeIndex) {
  const day = Math.sin((2 * Math.PI * step) / 8640);
  const noise = () => Math.random();
  const messages = Math.round(2000 + 1500 * day + 200 * noise()) * (nodeIndex + 1);
  return {
    incomingMsgs: messages,
    outgoingMsgs: messages * 3,
    droppedMsgs: Math.round(5 * noise()),
    inboundPayloadTraffic: messages * 180,
    outboundPayloadTraffic: messages * 540,
    sessions: 10_000 + Math.round(500 * day),
    subscriptions: 30_000 + Math.round(1500 * day),
    retainedMsgs: 100_000 + step,
    tcpConnections: 9_000 + Math.round(400 * day),
    tlsConnections: 600,
    wsConnections: 300,
    wssConnections: 50,
    cpuUsage: Math.round((20 + 10 * day + 3 * noise()) * 100) / 100,
    memoryUsage: 800_000_000 + Math.round(50_000_000 * noise()),
    diskUsage: 2_000_000_000 + step * 1000,
  };
}

/** Writes the history; answers the samples per series and the time range. */
export async function seedHistory(dataDir, { weekMs = WEEK_MS } = {}) {
  const { openDatabase, inTransaction } = await import(dist('database/database.js'));
  const { TimeseriesRepository } = await import(dist('monitoring/storage/timeseries-repository.js'));
  const database = openDatabase(dataDir);
  try {
    const repository = new TimeseriesRepository(database);
    const steps = Math.floor(weekMs / SAMPLE_PERIOD_MS);
    const end = Math.floor(Date.now() / SAMPLE_PERIOD_MS) * SAMPLE_PERIOD_MS;
    const start = end - steps * SAMPLE_PERIOD_MS;
    const started = performance.now();
    inTransaction(database, () => {
      for (let step = 0; step < steps; step += 1) {
        const ts = start + step * SAMPLE_PERIOD_MS;
        const nodes = SEEDED_NODES.map((_nodeId, index) => valuesAt(step, index));
        SEEDED_NODES.forEach((entityId, index) => repository.store({ entityId, ts, values: nodes[index] }));
        const total = Object.fromEntries(Object.keys(nodes[0]).map((key) => [key, nodes.reduce((sum, values) => sum + values[key], 0)]));
        repository.store({ entityId: 'total', ts, values: total });
      }
      for (const nodeId of SEEDED_NODES) repository.recordNode(nodeId, end - SAMPLE_PERIOD_MS, { cpuCount: 8, totalMemory: 16e9, totalDiskSpace: 500e9 });
    });
    return { samplesPerSeries: steps, series: SEEDED_NODES.length + 1, start, end, seconds: (performance.now() - started) / 1000 };
  } finally {
    database.close();
  }
}
