// Sessions part: fills the bundled broker with persistent sessions through real MQTT connects
// (create-sessions.mjs: clean session off, 0–3 subscriptions, a queued backlog on some, the last
// CONNECTED_COUNT left connected), then times the sessions list API (GET /api/v2/client-session,
// TBMQ's shape) with typical filtered and sorted pages. Until the broker serves that endpoint (it
// answers 404), the list is recorded as "not available yet".
import fs from 'node:fs';
import { WireClient } from '../broker/mqtt-wire.mjs';
import { memoryOf, memoryProbe } from '../lib/broker-memory.mjs';
import { corePlan, pinThisProcess, residentBytes, temporaryDirectory, unpinThisProcess } from '../lib/processes.mjs';
import { table, targetVerdict } from '../lib/report.mjs';
import { ADMINISTRATOR, API_BENCH_PASSWORD, signInToApi, startStarling } from '../lib/starling-broker.mjs';
import { format, summarize } from '../lib/stats.mjs';
import { WAVE, createSessions, sessionClientId as clientId } from './create-sessions.mjs';
import { replicateSessions } from './replicate-sessions.mjs';

const LIST_PATH = '/api/v2/client-session';
const P95_TARGET_MS = 50;
const SAMPLE_CHECKS = 5;
/** Sessions kept connected while the list is timed: the connected/disconnected filter has both. */
const CONNECTED_COUNT = 1000;

/** Reconnects a few of the sessions (clean session off): the broker must say it still holds them. */
async function checkSessionsKept(port, count) {
  let present = 0;
  for (let check = 0; check < SAMPLE_CHECKS; check += 1) {
    // n % 4 === 1: a session with a subscription (Aedes reports no session present for one without).
    const index = Math.floor((check / SAMPLE_CHECKS) * count) + 1;
    const client = await WireClient.connect({ host: '127.0.0.1', port, clientId: clientId(index), clean: false });
    if (client.sessionPresent) present += 1;
    await client.disconnect();
  }
  return { checked: SAMPLE_CHECKS, present };
}

function listQueries(count, startedAt) {
  const lastPage = Math.max(0, Math.ceil(count / 50) - 1);
  const middlePage = Math.floor(lastPage / 2);
  return [
    { name: 'first page of 10', query: 'pageSize=10&page=0' },
    { name: 'first page of 50, by client id descending', query: 'pageSize=50&page=0&sortProperty=clientId&sortOrder=DESC' },
    { name: 'text search for one client id', query: `pageSize=10&page=0&textSearch=${clientId(Math.floor(count / 2))}` },
    { name: 'last page of 50', query: `pageSize=50&page=${lastPage}` },
    { name: 'offline, by subscriptions descending', query: 'pageSize=50&page=0&connectedStatusList=DISCONNECTED&sortProperty=subscriptionsCount&sortOrder=DESC' },
    { name: 'connected devices, by client id', query: 'pageSize=50&page=0&connectedStatusList=CONNECTED&clientTypeList=DEVICE&sortProperty=clientId&sortOrder=ASC' },
    { name: 'with subscriptions, clean start off, a middle page by address', query: `pageSize=50&page=${Math.floor(middlePage / 2)}&subscriptions=0&subscriptionOperation=GREATER&cleanStartList=false&sortProperty=clientIpAdr&sortOrder=ASC` },
    { name: 'more than 2 subscriptions, by queued messages', query: 'pageSize=50&page=0&subscriptions=2&subscriptionOperation=GREATER&sortProperty=queuedMessages&sortOrder=DESC' },
    { name: 'queued backlog, by disconnection time', query: 'pageSize=50&page=0&queuedMessagesMin=1&sortProperty=disconnectedAt&sortOrder=DESC' },
    { name: 'part of the client id (1 in 10 match), by subscriptions', query: 'pageSize=50&page=0&clientId=session-01&sortProperty=subscriptionsCount&sortOrder=ASC' },
    { name: 'address and connection time range, middle page', query: `pageSize=50&page=${middlePage}&clientIpAddress=127.0.0.1&startTime=${startedAt}&endTime=${Date.now()}&sortProperty=connectedAt&sortOrder=ASC` },
  ];
}

async function timeList(httpUrl, token, query) {
  const started = performance.now();
  const response = await fetch(`${httpUrl}${LIST_PATH}?${query}`, { headers: { 'X-Authorization': `Bearer ${token}` } });
  const body = await response.json();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${LIST_PATH}?${query} answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms, body };
}

async function measureList(httpUrl, token, count, rounds, startedAt) {
  const queries = listQueries(count, startedAt);
  for (const { query } of queries) for (let warmUp = 0; warmUp < 3; warmUp += 1) await timeList(httpUrl, token, query);
  const samples = new Map(queries.map(({ name }) => [name, []]));
  let totalElements;
  for (let round = 0; round < rounds; round += 1) {
    for (const { name, query } of queries) {
      const { ms, body } = await timeList(httpUrl, token, query);
      samples.get(name).push(ms);
      if (name === 'first page of 10') totalElements = body.totalElements;
    }
  }
  const all = [...samples.values()].flat();
  return {
    status: 'measured',
    totalElements,
    overall: summarize(all),
    perQuery: queries.map(({ name, query }) => ({ name, query, ...summarize(samples.get(name)) })),
  };
}

async function probeList(httpUrl, token) {
  const response = await fetch(`${httpUrl}${LIST_PATH}?pageSize=10&page=0`, { headers: { 'X-Authorization': `Bearer ${token}` } });
  const text = await response.text();
  if (response.status === 404) return { available: false, status: 404, message: text.slice(0, 200) };
  if (!response.ok) throw new Error(`${LIST_PATH} answered ${response.status}: ${text.slice(0, 300)}`);
  return { available: true, status: response.status };
}

const mib = (bytes) => format(bytes / 2 ** 20);

function memoryLine(label, memory) {
  return `- ${label}: RSS ${mib(memory.rss)} MiB, heap used ${mib(memory.heapUsed)} MiB (after a full collection), external ${mib(memory.external)} MiB (array buffers ${mib(memory.arrayBuffers)} MiB).`;
}

function listTable(list) {
  return table(
    ['call', 'count', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
    list.perQuery.map((entry) => [`${entry.name} (\`${entry.query}\`)`, entry.count, format(entry.p50), format(entry.p95), format(entry.p99), format(entry.max)]),
  );
}

function restartSection(restarted, count, empty) {
  if (!restarted) return [];
  return [
    '',
    '## Start-up with the stored sessions',
    '',
    ...(restarted.replicated
      ? [
          `With the broker stopped, its file was grown to ${count.toLocaleString('en-US')} stored sessions by copying the ${(count - restarted.replicated.copied).toLocaleString('en-US')} it stored for the MQTT sessions (\`replicate-sessions.mjs\`: each copy its own client id, session id and subscriptions, as create-sessions.mjs names them; no queued messages) in ${format(restarted.replicated.seconds)} s: creating a million through MQTT takes longer than this shared machine allowed.`,
          '',
        ]
      : []),
    `The broker stopped (SIGTERM) and started again on the same data directory: listening on HTTP and MQTT after **${format(restarted.startedInMs / 1000)} s**; the first list call then took ${format(restarted.firstListMs)} ms and reported ${restarted.totalElements} sessions${restarted.totalElements < count ? ` — **fewer than the ${count.toLocaleString('en-US')} created**` : ''}. Reconnecting ${restarted.kept.checked} found ${restarted.kept.present} still held.`,
    '',
    memoryLine('After start-up', restarted.memory),
    '',
    `Per stored session, against the empty broker before the sessions were created: RSS ${format((restarted.memory.rss - empty.rss) / count)} bytes, heap ${format((restarted.memory.heapUsed - empty.heapUsed) / count)} bytes.`,
    '',
    `Sessions list after the restart (every session offline), p95 over all calls: **${format(restarted.list.overall.p95)} ms**.`,
    '',
    listTable(restarted.list),
  ];
}

function markdown({ creation, kept, rss, memory, list, probe, count, created, restarted, main }) {
  const sections = [
    '## Sessions',
    '',
    `${created.toLocaleString('en-US')} persistent sessions created through MQTT 3.1.1 (\`create-sessions.mjs\`: clean session off, 0–3 QoS 1 subscriptions, a backlog of queued messages on one in ten of those with subscriptions, then DISCONNECT; the last ${creation.connected.toLocaleString('en-US')} left connected), in waves of 1,000 connections: ${format(creation.seconds)} s, ${format(creation.perSecond)} sessions/s. Reconnecting ${kept.checked} of them found ${kept.present} still held.`,
    '',
    `Broker (\`${main}\`) RSS: ${format(rss.before / 2 ** 20)} MiB before, ${format(rss.after / 2 ** 20)} MiB after (${format((rss.after - rss.before) / created / 1024)} KiB per stored session); heap used ${format((memory.after.heapUsed - memory.before.heapUsed) / created)} bytes per stored session.`,
    '',
    memoryLine('Before', memory.before),
    memoryLine('After creating them', memory.after),
    memoryLine('After the list was timed (its sort orders built)', memory.afterList),
    '',
    '## Sessions list API',
    '',
  ];
  if (!probe.available) {
    sections.push(`\`GET ${LIST_PATH}\` answered 404: **not available yet** (the broker does not serve the sessions list). Target: p95 ≤ ${P95_TARGET_MS} ms at 100,000 sessions.`);
  } else {
    sections.push(
      `p95 over all calls: **${format(list.overall.p95)} ms** (target ≤ ${P95_TARGET_MS} ms at 100,000 sessions, and at 1,000,000 for issue 30: ${created >= 100_000 ? targetVerdict(list.overall.p95, P95_TARGET_MS) : 'not judged, fewer sessions'}); totalElements reported: ${list.totalElements ?? '–'}${list.totalElements < created ? ` — **fewer than the ${created.toLocaleString('en-US')} sessions created**` : ''}.`,
      '',
      listTable(list),
      ...restartSection(restarted, count, memory.before),
    );
  }
  return sections.join('\n');
}

/** Connections one address may hold at once: a wave, the ones kept connected, the checks and the publisher. */
const CONNECTIONS_PER_ADDRESS = String(WAVE + CONNECTED_COUNT + 100);

async function readMemory(starling, probe) {
  const reading = await memoryOf(starling.pid, probe.file);
  return { rss: residentBytes(starling.pid), heapUsed: reading.heapUsed, heapTotal: reading.heapTotal, external: reading.external, arrayBuffers: reading.arrayBuffers };
}

/**
 * The same data directory, the broker stopped and started again: how long until it listens with
 * every stored session loaded, its memory then, a sample still held, and the list again.
 */
async function measureRestart({ starling, start, count, rounds, startedAt, quick, replicate }) {
  await starling.stop(120_000);
  const replicated = replicate?.();
  if (replicated) console.log(`  copied ${replicated.copied.toLocaleString('en-US')} stored sessions in ${Math.round(replicated.seconds)} s; starting…`);
  const restarted = await start('starling-sessions-restarted');
  const memory = await readMemory(restarted, restarted.probe);
  // The first start changed the default password (signInToApi).
  const token = await signInToApi(restarted.httpUrl, { username: ADMINISTRATOR.username, password: API_BENCH_PASSWORD });
  const firstPage = await timeList(restarted.httpUrl, token, 'pageSize=10&page=0');
  const kept = await checkSessionsKept(restarted.mqttPort, count);
  const list = await measureList(restarted.httpUrl, token, count, quick ? 10 : Math.max(10, rounds / 5), startedAt);
  return { starling: restarted, data: { replicated, startedInMs: restarted.startedInMs, memory, firstListMs: firstPage.ms, totalElements: firstPage.body.totalElements, kept, list } };
}

/**
 * @param {{ quick?: boolean, count?: number, main?: string, restart?: boolean }} options
 *   count: sessions to create (100,000; 2,000 with quick; --million: 1,000,000); main: another build
 *   of the broker to measure (e.g. one from before a change); restart: also time a restart on the data.
 */
export async function runSessionsPart({ quick, count: askedCount, created: askedCreated, main, restart = !quick }) {
  const plan = corePlan();
  const count = askedCount ?? (quick ? 2000 : 100_000);
  const created = Math.min(count, askedCreated ?? count);
  const rounds = quick ? 10 : count > 200_000 ? 30 : 100;
  pinThisProcess(plan.generator);
  const dataDir = temporaryDirectory('sessions');
  const start = async (name) => {
    const probe = memoryProbe(name);
    const env = { ...probe.env, STARLING_MAX_CONNECTIONS_PER_ADDRESS: CONNECTIONS_PER_ADDRESS };
    const started = await startStarling({ cores: plan.broker, name, dataDir, main, nodeArguments: probe.nodeArguments, env, startTimeoutMs: 600_000 });
    return Object.assign(started, { probe });
  };
  let starling = await start('starling-sessions');
  try {
    const token = await signInToApi(starling.httpUrl);
    const probe = await probeList(starling.httpUrl, token);
    console.log(`  sessions list: ${probe.available ? 'available' : 'not available yet (404)'}; creating ${created.toLocaleString('en-US')} sessions…`);
    const memoryBefore = await readMemory(starling, starling.probe);
    const startedAt = Date.now();
    const { connectedClients, ...creation } = await createSessions({
      port: starling.mqttPort,
      count: created,
      connected: Math.min(CONNECTED_COUNT, created / 10),
      onProgress: (created) => created % 50_000 === 0 && console.log(`  ${created.toLocaleString('en-US')} sessions (RSS ${Math.round(residentBytes(starling.pid) / 2 ** 20)} MiB)`),
    }).catch((error) => {
      const reason = starling.exitReason();
      throw reason ? new Error(`the bundled broker ${reason} while sessions were created (log: ${starling.logFile})`, { cause: error }) : error;
    });
    const memoryAfter = await readMemory(starling, starling.probe);
    const rss = { before: memoryBefore.rss, after: memoryAfter.rss };
    const kept = await checkSessionsKept(starling.mqttPort, created - connectedClients.length);
    const list = probe.available ? await measureList(starling.httpUrl, token, created, rounds, startedAt) : { status: 'not available yet' };
    const memoryListed = await readMemory(starling, starling.probe);
    for (const client of connectedClients) client.destroy();
    let restarted;
    if (restart && probe.available) {
      console.log('  restarting on the same data…');
      const replicate = count > created ? () => replicateSessions(dataDir, { created, count }) : undefined;
      const measured = await measureRestart({ starling, start, count, rounds, startedAt, quick, replicate });
      starling = measured.starling;
      restarted = measured.data;
    }
    const data = { count, created, creation, kept, rss, memory: { before: memoryBefore, after: memoryAfter, afterList: memoryListed }, probe, list, restarted, targetP95Ms: P95_TARGET_MS, main: main ?? 'mock-broker/dist/main.js' };
    return { data, markdown: markdown(data) };
  } finally {
    await starling.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    unpinThisProcess();
  }
}
