// The broker's side of the monitoring page's 7-day views (issue 29): the requests the page's 12
// charts × 3 lines make after Update, sent at once as the page sends them, timed to the last byte.
// Tells how much of "drawn after Update" the broker takes. Standalone, after npm run build:
//   node scripts/bench/monitoring/console-queries.mjs [--rounds N] [--columns N] [--settle-ms N]
// --settle-ms: a pause after each scenario's untimed round (a broker that reads the samples into
// memory after its first aggregated answer has then done so before the timed rounds).
import { stopAllOnSignals, temporaryDirectory } from '../lib/processes.mjs';
import { signInToApi, startStarling } from '../lib/starling-broker.mjs';
import { median } from '../lib/stats.mjs';
import { SEEDED_NODES, seedHistory, WEEK_MS } from './seed-history.mjs';
import fs from 'node:fs';
import os from 'node:os';

const KEYS = ['incomingMsgs', 'outgoingMsgs', 'droppedMsgs', 'inboundPayloadTraffic', 'outboundPayloadTraffic', 'sessions', 'subscriptions', 'retainedMsgs', 'tcpConnections', 'wsConnections', 'cpuUsage', 'memoryUsage'];
const ENTITIES = ['total', ...SEEDED_NODES];
const argument = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const ROUNDS = argument('--rounds', 3);
const COLUMNS = argument('--columns', 1100);
const SETTLE_MS = argument('--settle-ms', 0);

async function timeAll(httpUrl, token, paths) {
  const started = performance.now();
  const sizes = await Promise.all(
    paths.map(async (path) => {
      const response = await fetch(`${httpUrl}${path}`, { headers: { 'X-Authorization': `Bearer ${token}` } });
      const text = await response.text();
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
      return text.length;
    }),
  );
  return { ms: performance.now() - started, requests: paths.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
}

function scenarios(end) {
  const week = `startTs=${end - WEEK_MS}&endTs=${end}`;
  const raw = (keys) => `${week}&agg=NONE&limit=100000&orderBy=DESC&pixelColumns=${COLUMNS}&pixelLeft=60.5&keys=${keys}`;
  return [
    { name: 'aggregated: AVG 1 hour, 12 keys joined, one request per line', paths: ENTITIES.map((entity) => `/api/timeseries/${entity}/values?${week}&agg=AVG&interval=3600000&limit=168&keys=${KEYS.join(',')}`) },
    { name: `raw: ${COLUMNS} pixel columns, one key a request (36)`, paths: ENTITIES.flatMap((entity) => KEYS.map((key) => `/api/timeseries/${entity}/values?${raw(key)}`)) },
    { name: `raw: ${COLUMNS} pixel columns, 12 keys joined, one request per line`, paths: ENTITIES.map((entity) => `/api/timeseries/${entity}/values?${raw(KEYS.join(','))}`) },
    // The compact answer (openapi.yaml format=columns, extension timeseriesColumns): the same points.
    { name: `raw: ${COLUMNS} pixel columns, 12 keys joined, one request per line, format=columns`, paths: ENTITIES.map((entity) => `/api/timeseries/${entity}/values?${raw(KEYS.join(','))}&format=columns`) },
  ];
}

async function main() {
  stopAllOnSignals();
  const dataDir = temporaryDirectory('monitoring-console-queries');
  const seed = await seedHistory(dataDir);
  const starling = await startStarling({ name: 'starling-console-queries', dataDir, env: { STARLING_NODE_ID: SEEDED_NODES[0] } });
  try {
    const token = await signInToApi(starling.httpUrl);
    console.log(`load average ${os.loadavg().map((load) => load.toFixed(2)).join(' / ')}; ${seed.samplesPerSeries} samples per series`);
    for (const scenario of scenarios(seed.end)) {
      const untimed = await timeAll(starling.httpUrl, token, scenario.paths);
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const runs = [];
      for (let round = 0; round < ROUNDS; round += 1) runs.push(await timeAll(starling.httpUrl, token, scenario.paths));
      console.log(`${scenario.name}: ${runs.map((run) => `${Math.round(run.ms)} ms`).join(', ')} (median ${Math.round(median(runs.map((run) => run.ms)))} ms; untimed first round ${Math.round(untimed.ms)} ms; ${runs[0].requests} requests, ${Math.round(runs[0].bytes / 1024)} KiB)`);
    }
    console.log(`load average ${os.loadavg().map((load) => load.toFixed(2)).join(' / ')}`);
  } finally {
    await starling.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
