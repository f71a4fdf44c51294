// Monitoring part (issue 16): a data directory seeded with a week of samples every 10 s for two
// node ids plus their total (seed-history.mjs); the built broker started on it; the queries a chart
// makes timed over HTTP (target p95 ≤ 50 ms each); then what sampling costs the broker's CPU, from
// its idle CPU time sampling every second against sampling once an hour (target < 1 % at 10 s).
import fs from 'node:fs';
import { corePlan, cpuSeconds, pinThisProcess, sleep, temporaryDirectory, unpinThisProcess } from '../lib/processes.mjs';
import { table, targetVerdict } from '../lib/report.mjs';
import { signInToApi, startStarling } from '../lib/starling-broker.mjs';
import { format, summarize } from '../lib/stats.mjs';
import { SEEDED_NODES, seedHistory, WEEK_MS } from './seed-history.mjs';

const P95_TARGET_MS = 50;
const CPU_TARGET_PERCENT = 1;
const DAY_MS = 24 * 3_600_000;
/** The broker's default: the console asks for AVG with a limit of half of it (spec section 9). */
const MAX_DATAPOINTS = 100_000;
/** The console's average interval: the range cut into 200 buckets (spec section 9). */
const BUCKETS = 200;
const PRODUCTION_KEYS = 'incomingMsgs,outgoingMsgs,droppedMsgs,inboundPayloadTraffic,outboundPayloadTraffic,sessions,subscriptions,retainedMsgs';

function cases(end) {
  const week = `startTs=${end - WEEK_MS}&endTs=${end}`;
  const day = `startTs=${end - DAY_MS}&endTs=${end}`;
  const averaged = (rangeMs) => `agg=AVG&interval=${Math.round(rangeMs / BUCKETS)}&limit=${MAX_DATAPOINTS / 2}`;
  return ['total', SEEDED_NODES[0]].flatMap((entity) => [
    { name: `${entity}: 7 days, default view (AVG, ${BUCKETS} buckets)`, path: `/api/timeseries/${entity}/values?keys=incomingMsgs&${week}&${averaged(WEEK_MS)}`, judged: true },
    { name: `${entity}: a zoomed day (AVG, ${BUCKETS} buckets)`, path: `/api/timeseries/${entity}/values?keys=incomingMsgs&${day}&${averaged(DAY_MS)}`, judged: true },
    { name: `${entity}: the raw week of one key (NONE)`, path: `/api/timeseries/${entity}/values?keys=incomingMsgs&${week}&agg=NONE&limit=${MAX_DATAPOINTS}`, judged: true },
    { name: `${entity}: 7 days, the 8 production keys at once (AVG)`, path: `/api/timeseries/${entity}/values?keys=${PRODUCTION_KEYS}&${week}&${averaged(WEEK_MS)}`, judged: false },
    { name: `${entity}: latest of the 8 production keys`, path: `/api/timeseries/${entity}/latest?keys=${PRODUCTION_KEYS}`, judged: false },
  ]);
}

async function timeCall(httpUrl, token, path) {
  const started = performance.now();
  const response = await fetch(`${httpUrl}${path}`, { headers: { 'X-Authorization': `Bearer ${token}` } });
  const text = await response.text();
  const ms = performance.now() - started;
  const body = JSON.parse(text);
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms, points: Math.max(...Object.values(body).map((points) => points.length)) };
}

async function measureQueries(httpUrl, token, rounds) {
  const entries = cases(Date.now()).map((entry) => ({ ...entry, samples: [], points: 0 }));
  for (const entry of entries) for (let warmUp = 0; warmUp < 3; warmUp += 1) await timeCall(httpUrl, token, entry.path);
  for (let round = 0; round < rounds; round += 1) {
    for (const entry of entries) {
      const { ms, points } = await timeCall(httpUrl, token, entry.path);
      entry.samples.push(ms);
      entry.points = points;
    }
  }
  return entries.map(({ samples, ...entry }) => ({ ...entry, ...summarize(samples) }));
}

/** CPU seconds per second the broker uses while idle, sampling every `intervalSeconds`, over `windowSeconds`. */
async function idleCpu(dataDir, cores, intervalSeconds, windowSeconds) {
  const starling = await startStarling({ cores, dataDir, name: `starling-monitoring-${intervalSeconds}s`, env: { STARLING_SAMPLE_INTERVAL_SECONDS: String(intervalSeconds) } });
  try {
    // Past the start and its first sample.
    await sleep(3000);
    const before = cpuSeconds(starling.pid);
    const started = performance.now();
    await sleep(windowSeconds * 1000);
    return (cpuSeconds(starling.pid) - before) / ((performance.now() - started) / 1000);
  } finally {
    await starling.stop();
  }
}

function markdown({ seeding, queries, cpu }) {
  return [
    '## Time-series queries',
    '',
    `Seeded through the broker's own repository: ${seeding.series} series (${SEEDED_NODES.join(', ')}, total) of ${seeding.samplesPerSeries.toLocaleString('en-US')} samples every 10 s (a week ending at the start), ${format(seeding.seconds)} s; SQLite file ${format(seeding.fileBytes / 2 ** 20)} MiB. The broker samples itself into the same file meanwhile. Each call over HTTP with a signed-in token, measured to the last byte of the answer (reading the JSON is the chart's own time); 3 warm-up calls each.`,
    '',
    table(
      ['query', 'points per key', 'calls', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', `target p95 ≤ ${P95_TARGET_MS} ms`],
      queries.map((entry) => [`${entry.name} (\`${entry.path}\`)`, entry.points, entry.count, format(entry.p50), format(entry.p95), format(entry.p99), format(entry.max), entry.judged ? targetVerdict(entry.p95, P95_TARGET_MS) : 'not a target']),
    ),
    '',
    '## What sampling costs',
    '',
    `The idle broker on the seeded directory, pinned to one core, for ${cpu.windowSeconds} s each: sampling every second it used ${format(cpu.everySecond * 100)} % of a core, sampling once an hour ${format(cpu.hourly * 100)} %, so a sample costs about ${format(cpu.perSampleMs)} ms of CPU (storing it with the total, pruning a batch, measuring the data directory). At the default 10 s that is ${format(cpu.defaultPercent)} % of one core (target < ${CPU_TARGET_PERCENT} %: ${targetVerdict(cpu.defaultPercent, CPU_TARGET_PERCENT)}); measured directly at 10 s the idle broker used ${format(cpu.atDefault * 100)} % of a core in all.`,
  ].join('\n');
}

export async function runMonitoringPart({ quick }) {
  const plan = corePlan();
  pinThisProcess(plan.generator);
  const dataDir = temporaryDirectory('monitoring');
  try {
    console.log('  seeding a week of samples for two nodes and their total…');
    const seeding = await seedHistory(dataDir);
    seeding.fileBytes = fs.statSync(`${dataDir}/starling.sqlite`).size;
    const starling = await startStarling({ cores: plan.broker, dataDir, name: 'starling-monitoring' });
    let queries;
    try {
      const token = await signInToApi(starling.httpUrl);
      queries = await measureQueries(starling.httpUrl, token, quick ? 10 : 100);
    } finally {
      await starling.stop();
    }
    const windowSeconds = quick ? 15 : 60;
    console.log(`  idle CPU while sampling every 1 s, every 10 s and every hour (${windowSeconds} s each)…`);
    const everySecond = await idleCpu(dataDir, plan.broker, 1, windowSeconds);
    const atDefault = await idleCpu(dataDir, plan.broker, 10, windowSeconds);
    const hourly = await idleCpu(dataDir, plan.broker, 3600, windowSeconds);
    const perSampleMs = Math.max(0, everySecond - hourly) * 1000;
    const cpu = { windowSeconds, everySecond, atDefault, hourly, perSampleMs, defaultPercent: (perSampleMs / 10_000) * 100 };
    const data = { seeding, queries, cpu, targetP95Ms: P95_TARGET_MS, targetCpuPercent: CPU_TARGET_PERCENT };
    return { data, markdown: markdown(data) };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    unpinThisProcess();
  }
}
