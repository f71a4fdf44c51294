// Retained messages part: fills the bundled broker with retained messages through real MQTT
// PUBLISHes (create-retained-messages.mjs: 100,000 messages on 10,000 device branches), then
// times the retained messages API in four groups — list pages, filters, search by topic filter and
// tree expansion — and reports p50/p95/p99 per call and p95 per group (target: each ≤ 50 ms).
import { WireClient } from '../broker/mqtt-wire.mjs';
import { corePlan, pinThisProcess, residentBytes, sleep, unpinThisProcess } from '../lib/processes.mjs';
import { table, targetVerdict } from '../lib/report.mjs';
import { signInToApi, startStarling } from '../lib/starling-broker.mjs';
import { format, summarize } from '../lib/stats.mjs';
import { createRetainedMessages, deviceName, siteName, TOPIC_ROOT } from './create-retained-messages.mjs';

const P95_TARGET_MS = 50;
const LIST_PATH = '/api/retained-msg/v2';
const TREE_PATH = '/api/retained-msg/tree';
const encoded = (text) => encodeURIComponent(text);

function calls({ sites, devices, count, startedAt, createdAt }) {
  const site = siteName(Math.floor(sites / 2));
  const device = deviceName(Math.floor(devices / 3));
  const lastPage = Math.max(0, Math.ceil(count / 50) - 1);
  const middle = startedAt + Math.round((createdAt - startedAt) / 3);
  const number = (value) => value.toLocaleString('en-US');
  return {
    list: [
      ['first page of 20, newest first', `${LIST_PATH}?pageSize=20&page=0`],
      ['first page of 50 by topic', `${LIST_PATH}?pageSize=50&page=0&sortProperty=topic&sortOrder=ASC`],
      ['last page of 50 by payload size', `${LIST_PATH}?pageSize=50&page=${lastPage}&sortProperty=payloadSize&sortOrder=DESC`],
      ['middle page of 50 by payload', `${LIST_PATH}?pageSize=50&page=${Math.floor(lastPage / 2)}&sortProperty=payload&sortOrder=ASC`],
    ],
    filter: [
      ['QoS 1, by created time', `${LIST_PATH}?pageSize=50&page=0&qosList=1&sortProperty=createdTime&sortOrder=DESC`],
      ['payload contains "offline"', `${LIST_PATH}?pageSize=50&page=0&payload=offline`],
      ['first third of the time range', `${LIST_PATH}?pageSize=50&page=0&startTime=${startedAt}&endTime=${middle}`],
      [`topic text of one device (1 in ${number(sites * devices)} branches)`, `${LIST_PATH}?pageSize=50&page=0&textSearch=${site}/${device}`],
    ],
    searchByFilter: [
      [`one site (#: ${number(devices * 10)} messages)`, `${LIST_PATH}?pageSize=50&page=0&topicFilter=${encoded(`${TOPIC_ROOT}/${site}/#`)}`],
      ['one device on every site (+)', `${LIST_PATH}?pageSize=50&page=0&topicFilter=${encoded(`${TOPIC_ROOT}/+/${device}/temperature`)}&sortProperty=topic&sortOrder=ASC`],
      [`one metric everywhere (+/+: ${number(sites * devices)} messages), by payload`, `${LIST_PATH}?pageSize=50&page=0&topicFilter=${encoded(`${TOPIC_ROOT}/+/+/status`)}&sortProperty=payload&sortOrder=DESC`],
      ['everything (#), QoS 0', `${LIST_PATH}?pageSize=50&page=0&topicFilter=%23&qosList=0`],
    ],
    tree: [
      ['top level', `${TREE_PATH}?pageSize=50&page=0`],
      [`${TOPIC_ROOT} (${sites} sites) by count`, `${TREE_PATH}?pageSize=50&page=0&branch=${TOPIC_ROOT}&sortProperty=retainedCount&sortOrder=DESC`],
      [`one site (${devices} devices) by newest`, `${TREE_PATH}?pageSize=50&page=0&branch=${encoded(`${TOPIC_ROOT}/${site}`)}&sortProperty=newestTime&sortOrder=DESC`],
      ['one device (10 messages)', `${TREE_PATH}?pageSize=50&page=0&branch=${encoded(`${TOPIC_ROOT}/${site}/${device}`)}`],
    ],
  };
}

async function timeCall(httpUrl, token, path, method = 'GET') {
  const started = performance.now();
  const response = await fetch(`${httpUrl}${path}`, { method, headers: { 'X-Authorization': `Bearer ${token}` } });
  const body = await response.json();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms, body };
}

async function waitForCount(httpUrl, token, count) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const { body } = await timeCall(httpUrl, token, `${LIST_PATH}?pageSize=1&page=0`);
    if (body.totalElements >= count) return body.totalElements;
    await sleep(100);
  }
  throw new Error(`the broker did not list all ${count} retained messages within a minute`);
}

async function measure(httpUrl, token, groups, rounds) {
  const entries = Object.entries(groups).flatMap(([group, list]) => list.map(([name, path]) => ({ group, name, path, samples: [], matches: 0 })));
  for (const entry of entries) for (let warmUp = 0; warmUp < 3; warmUp += 1) await timeCall(httpUrl, token, entry.path);
  for (let round = 0; round < rounds; round += 1) {
    for (const entry of entries) {
      const { ms, body } = await timeCall(httpUrl, token, entry.path);
      entry.samples.push(ms);
      entry.matches = body.totalElements;
    }
  }
  const byGroup = Object.keys(groups).map((group) => ({ group, ...summarize(entries.filter((entry) => entry.group === group).flatMap((entry) => entry.samples)) }));
  return { byGroup, perCall: entries.map(({ group, name, path, samples, matches }) => ({ group, name, path, matches, ...summarize(samples) })) };
}

/** Deletes one site's branch through the API once, and checks a new subscriber no longer receives any of it. */
async function deleteBranch(httpUrl, token, mqttPort, site) {
  const filter = `${TOPIC_ROOT}/${site}/#`;
  const { ms, body } = await timeCall(httpUrl, token, `/api/v2/retained-msg/delete?topicFilter=${encoded(filter)}`, 'POST');
  const subscriber = await WireClient.connect({ host: '127.0.0.1', port: mqttPort, clientId: 'bench-retained-check', clean: true });
  let delivered = 0;
  subscriber.onPublish = () => (delivered += 1);
  await subscriber.subscribe(filter, 0);
  await sleep(500);
  await subscriber.disconnect();
  return { filter, ms, deletedCount: body.deletedCount, deliveredAfterwards: delivered };
}

function markdown({ creation, rss, measured, deletion, count }) {
  const groupNames = { list: 'list', filter: 'filter', searchByFilter: 'search by topic filter', tree: 'tree expansion' };
  const judged = count >= 100_000;
  return [
    '## Retained messages',
    '',
    `${count.toLocaleString('en-US')} retained messages on ${creation.branches.toLocaleString('en-US')} device branches, published through MQTT 3.1.1 (\`create-retained-messages.mjs\`, QoS 0 and 1, JSON, text and binary payloads of 2 to ~200 bytes): ${format(creation.seconds)} s, ${format(creation.perSecond)} messages/s. Broker RSS ${format(rss.before / 2 ** 20)} MiB before, ${format(rss.after / 2 ** 20)} MiB after (${format((rss.after - rss.before) / count)} bytes per retained message).`,
    '',
    '## Retained messages API',
    '',
    table(
      ['group', 'calls', 'p50 ms', 'p95 ms', 'p99 ms', `target p95 ≤ ${P95_TARGET_MS} ms`],
      measured.byGroup.map((entry) => [groupNames[entry.group], entry.count, format(entry.p50), format(entry.p95), format(entry.p99), judged ? targetVerdict(entry.p95, P95_TARGET_MS) : 'not judged, fewer messages']),
    ),
    '',
    table(
      ['group', 'call', 'matches', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
      measured.perCall.map((entry) => [groupNames[entry.group], `${entry.name} (\`${entry.path}\`)`, entry.matches, format(entry.p50), format(entry.p95), format(entry.p99), format(entry.max)]),
    ),
    '',
    `Deleting one site's branch (\`POST /api/v2/retained-msg/delete?topicFilter=${deletion.filter}\`, once): ${format(deletion.ms)} ms for ${deletion.deletedCount.toLocaleString('en-US')} messages; a new subscriber to the branch then received ${deletion.deliveredAfterwards}.`,
  ].join('\n');
}

export async function runRetainedPart({ quick }) {
  const plan = corePlan();
  const [sites, devices] = quick ? [10, 20] : [100, 100];
  pinThisProcess(plan.generator);
  const starling = await startStarling({ cores: plan.broker, name: 'starling-retained' });
  try {
    const token = await signInToApi(starling.httpUrl);
    const rss = { before: residentBytes(starling.pid) };
    const startedAt = Date.now();
    console.log(`  publishing ${(sites * devices * 10).toLocaleString('en-US')} retained messages…`);
    const creation = await createRetainedMessages({ port: starling.mqttPort, sites, devices });
    const count = await waitForCount(starling.httpUrl, token, creation.count);
    const createdAt = Date.now();
    rss.after = residentBytes(starling.pid);
    const measured = await measure(starling.httpUrl, token, calls({ sites, devices, count, startedAt, createdAt }), quick ? 10 : 100);
    const deletion = await deleteBranch(starling.httpUrl, token, starling.mqttPort, siteName(sites - 1));
    const data = { count, creation, rss, measured, deletion, targetP95Ms: P95_TARGET_MS };
    return { data, markdown: markdown(data) };
  } finally {
    await starling.stop();
    unpinThisProcess();
  }
}
