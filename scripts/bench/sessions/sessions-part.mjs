// Sessions part: fills the bundled broker with persistent sessions through real MQTT connects
// (create-sessions.mjs: clean session off, 0–3 subscriptions, a queued backlog on some, the last
// CONNECTED_COUNT left connected), then times the sessions list API (GET /api/v2/client-session,
// TBMQ's shape) with typical filtered and sorted pages. Until the broker serves that endpoint (it
// answers 404), the list is recorded as "not available yet".
import { WireClient } from '../broker/mqtt-wire.mjs';
import { corePlan, pinThisProcess, residentBytes, unpinThisProcess } from '../lib/processes.mjs';
import { table, targetVerdict } from '../lib/report.mjs';
import { signInToApi, startStarling } from '../lib/starling-broker.mjs';
import { format, summarize } from '../lib/stats.mjs';
import { createSessions, sessionClientId as clientId } from './create-sessions.mjs';

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

function markdown({ creation, kept, rss, list, probe, count }) {
  const sections = [
    '## Sessions',
    '',
    `${count.toLocaleString('en-US')} persistent sessions created through MQTT 3.1.1 (\`create-sessions.mjs\`: clean session off, 0–3 QoS 1 subscriptions, a backlog of queued messages on one in ten of those with subscriptions, then DISCONNECT; the last ${creation.connected.toLocaleString('en-US')} left connected), in waves of 1,000 connections: ${format(creation.seconds)} s, ${format(creation.perSecond)} sessions/s. Reconnecting ${kept.checked} of them found ${kept.present} still held.`,
    '',
    `Broker RSS: ${format(rss.before / 2 ** 20)} MiB before, ${format(rss.after / 2 ** 20)} MiB after (${format((rss.after - rss.before) / count / 1024)} KiB per stored session).`,
    '',
    '## Sessions list API',
    '',
  ];
  if (!probe.available) {
    sections.push(`\`GET ${LIST_PATH}\` answered 404: **not available yet** (the broker does not serve the sessions list). Target: p95 ≤ ${P95_TARGET_MS} ms at 100,000 sessions.`);
  } else {
    sections.push(
      `p95 over all calls: **${format(list.overall.p95)} ms** (target ≤ ${P95_TARGET_MS} ms at 100,000 sessions: ${count >= 100_000 ? targetVerdict(list.overall.p95, P95_TARGET_MS) : 'not judged, fewer sessions'}); totalElements reported: ${list.totalElements ?? '–'}${list.totalElements < count ? ` — **fewer than the ${count.toLocaleString('en-US')} sessions created**` : ''}.`,
      '',
      table(
        ['call', 'count', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
        list.perQuery.map((entry) => [`${entry.name} (\`${entry.query}\`)`, entry.count, format(entry.p50), format(entry.p95), format(entry.p99), format(entry.max)]),
      ),
    );
  }
  return sections.join('\n');
}

export async function runSessionsPart({ quick }) {
  const plan = corePlan();
  const count = quick ? 2000 : 100_000;
  pinThisProcess(plan.generator);
  const starling = await startStarling({ cores: plan.broker, name: 'starling-sessions' });
  try {
    const token = await signInToApi(starling.httpUrl);
    const probe = await probeList(starling.httpUrl, token);
    console.log(`  sessions list: ${probe.available ? 'available' : 'not available yet (404)'}; creating ${count.toLocaleString('en-US')} sessions…`);
    const rss = { before: residentBytes(starling.pid) };
    const startedAt = Date.now();
    const { connectedClients, ...creation } = await createSessions({
      port: starling.mqttPort,
      count,
      connected: Math.min(CONNECTED_COUNT, count / 10),
      onProgress: (created) => created % 10_000 === 0 && console.log(`  ${created.toLocaleString('en-US')} sessions`),
    }).catch((error) => {
      const reason = starling.exitReason();
      throw reason ? new Error(`the bundled broker ${reason} while sessions were created (log: ${starling.logFile})`, { cause: error }) : error;
    });
    rss.after = residentBytes(starling.pid);
    const kept = await checkSessionsKept(starling.mqttPort, count - connectedClients.length);
    const list = probe.available ? await measureList(starling.httpUrl, token, count, quick ? 10 : 100, startedAt) : { status: 'not available yet' };
    for (const client of connectedClients) client.destroy();
    const data = { count, creation, kept, rss, probe, list, targetP95Ms: P95_TARGET_MS };
    return { data, markdown: markdown(data) };
  } finally {
    await starling.stop();
    unpinThisProcess();
  }
}
