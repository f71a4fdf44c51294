// Sessions part: fills the bundled broker with persistent sessions through real MQTT connects
// (clean session off, one subscription each), then times the sessions list API
// (GET /api/v2/client-session, TBMQ's shape) page by page. Until the broker serves that endpoint
// (it answers 404), the list is recorded as "not available yet".
import { WireClient } from '../broker/mqtt-wire.mjs';
import { corePlan, pinThisProcess, residentBytes, unpinThisProcess } from '../lib/processes.mjs';
import { table, targetVerdict } from '../lib/report.mjs';
import { signInToApi, startStarling } from '../lib/starling-broker.mjs';
import { format, summarize } from '../lib/stats.mjs';

const LIST_PATH = '/api/v2/client-session';
const P95_TARGET_MS = 50;
/** Connections open at once while creating sessions: far inside the open-files limit of both sides. */
const WAVE = 1000;
const SAMPLE_CHECKS = 5;

function clientId(index) {
  return `bench-session-${String(index).padStart(6, '0')}`;
}

/** One session: connect with clean session off, subscribe at QoS 1, disconnect (the session stays). */
async function createSession(port, index) {
  const client = await WireClient.connect({ host: '127.0.0.1', port, clientId: clientId(index), clean: false, keepaliveSeconds: 60 });
  await client.subscribe(`bench/sessions/${index}`, 1);
  await client.disconnect();
}

async function createSessions(port, count) {
  const started = performance.now();
  for (let first = 0; first < count; first += WAVE) {
    const wave = Array.from({ length: Math.min(WAVE, count - first) }, (_, offset) => createSession(port, first + offset));
    await Promise.all(wave);
    if ((first + WAVE) % 10_000 === 0) console.log(`  ${(first + WAVE).toLocaleString('en-US')} sessions`);
  }
  const seconds = (performance.now() - started) / 1000;
  return { count, seconds, perSecond: count / seconds };
}

/** Reconnects a few of the sessions (clean session off): the broker must say it still holds them. */
async function checkSessionsKept(port, count) {
  let present = 0;
  for (let check = 0; check < SAMPLE_CHECKS; check += 1) {
    const index = Math.floor((check / SAMPLE_CHECKS) * count);
    const client = await WireClient.connect({ host: '127.0.0.1', port, clientId: clientId(index), clean: false });
    if (client.sessionPresent) present += 1;
    await client.disconnect();
  }
  return { checked: SAMPLE_CHECKS, present };
}

function listQueries(count) {
  const lastPage = Math.max(0, Math.ceil(count / 50) - 1);
  return [
    { name: 'first page of 10', query: 'pageSize=10&page=0' },
    { name: 'first page of 50, by client id descending', query: 'pageSize=50&page=0&sortProperty=clientId&sortOrder=DESC' },
    { name: 'text search for one client id', query: `pageSize=10&page=0&textSearch=${clientId(Math.floor(count / 2))}` },
    { name: 'last page of 50', query: `pageSize=50&page=${lastPage}` },
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

async function measureList(httpUrl, token, count, rounds) {
  const queries = listQueries(count);
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
    `${count.toLocaleString('en-US')} persistent sessions created through MQTT (clean session off, one QoS 1 subscription each, then DISCONNECT), in waves of ${WAVE.toLocaleString('en-US')} connections: ${format(creation.seconds)} s, ${format(creation.perSecond)} sessions/s. Reconnecting ${kept.checked} of them found ${kept.present} still held.`,
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
    const creation = await createSessions(starling.mqttPort, count).catch((error) => {
      const reason = starling.exitReason();
      throw reason ? new Error(`the bundled broker ${reason} while sessions were created (log: ${starling.logFile})`, { cause: error }) : error;
    });
    rss.after = residentBytes(starling.pid);
    const kept = await checkSessionsKept(starling.mqttPort, count);
    const list = probe.available ? await measureList(starling.httpUrl, token, count, quick ? 10 : 100) : { status: 'not available yet' };
    const data = { count, creation, kept, rss, probe, list, targetP95Ms: P95_TARGET_MS };
    return { data, markdown: markdown(data) };
  } finally {
    await starling.stop();
    unpinThisProcess();
  }
}
