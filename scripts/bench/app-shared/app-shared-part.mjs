// Application shared subscriptions part (--app-shared): messages per second from a publisher through
// an application shared subscription (publish → Kafka → member → PUBACK) beside the same flow through
// an in-memory shared subscription of DEVICE clients, on the bundled broker from its build with a
// real Kafka node (scripts/kafka/kafka-server.mjs, or STARLING_TEST_KAFKA_BOOTSTRAP when set).
import fs from 'node:fs';
import path from 'node:path';
import mqtt from 'mqtt';
import { startKafka } from '../../kafka/kafka-server.mjs';
import { profileMarkdown, summarizeProfile } from '../lib/cpu-profile.mjs';
import { table } from '../lib/report.mjs';
import { cpuSeconds } from '../lib/processes.mjs';
import { signInToApi, startStarling } from '../lib/starling-broker.mjs';
import { format, median, percentile } from '../lib/stats.mjs';
import { ensureScratchDir } from '../lib/workspace.mjs';

const TOPICS = 16;
const PARTITIONS = 4;
const MEMBERS = 2;
/** QoS 1 publishes on their way at once (the broker's Receive Maximum is 1024). */
const WINDOW = 500;
/** No publish acknowledged and no message delivered for this long: the flow is stuck. */
const STALL_MS = 30_000;
/** Before a round, a message every so often until each member has had one. */
const PRIME_EVERY_MS = 20;
const JOIN_TIMEOUT_MS = 60_000;
const APPLICATION = { username: 'bench-application', password: 'bench-application-secret' };
const DEVICE = { username: 'bench-device', password: 'bench-device-secret' };

const FLOWS = [
  { id: 'application', label: 'application shared subscription (through Kafka)', prefix: 'bench-app', credentials: APPLICATION },
  { id: 'device', label: 'shared subscription of DEVICE clients (in memory)', prefix: 'bench-dev', credentials: DEVICE },
];

async function api(httpUrl, token, path, body) {
  const response = await fetch(`${httpUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Authorization': `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

const connect = (port, clientId, credentials) =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { protocolVersion: 5, clientId, ...credentials, reconnectPeriod: 0, properties: { receiveMaximum: 100 } });

/** Tells the rounds' messages apart (bytes 8–11 of a payload): a round counts only its own. */
let roundsStarted = 0;

/** Publishes `count` QoS 1 messages with a window; answers once every member received all of them, with the latency per message. */
async function measureFlow(port, flow, round, count, processes, beforeRound) {
  // Each round has topics of its own (through Kafka: an application shared subscription, so a Kafka topic, of its own).
  const prefix = `${flow.prefix}/r${round}`;
  const filter = `${prefix}/#`;
  await beforeRound?.(filter);
  const tag = ++roundsStarted;
  const members = await Promise.all(Array.from({ length: MEMBERS }, (_, index) => connect(port, `${flow.id}-member-${round}-${index}`, flow.credentials)));
  const latencies = [];
  let received = 0;
  let done;
  const all = new Promise((resolve) => (done = resolve));
  const primed = new Set();
  for (const member of members) {
    member.on('message', (topic, payload) => {
      if (topic.startsWith(`${prefix}/prime/`)) return void primed.add(member);
      // Only this round's messages count (a tag in the payload), whatever else a member may get.
      if (payload.length < 12 || payload.readUInt32BE(8) !== tag) return;
      latencies.push(performance.now() - payload.readDoubleBE(0));
      if (++received === count) done();
    });
    await member.subscribeAsync(`$share/bench/${filter}`, { qos: 1 });
  }
  const publisher = await connect(port, `${flow.id}-publisher-${round}`, DEVICE);
  // The consumer group forms after the SUBACKs (each member joins, Kafka spreads the partitions):
  // the clock starts once every member has had a message, so a round measures the flow, not the join.
  const joinDeadline = performance.now() + JOIN_TIMEOUT_MS;
  for (let prime = 0; primed.size < MEMBERS; prime++) {
    if (performance.now() > joinDeadline) throw new Error(`${flow.id}: ${primed.size} of ${MEMBERS} members got a message within ${JOIN_TIMEOUT_MS / 1000} s`);
    await publisher.publishAsync(`${prefix}/prime/t${prime % TOPICS}`, Buffer.alloc(8), { qos: 1 });
    await new Promise((resolve) => setTimeout(resolve, PRIME_EVERY_MS));
  }
  const cpuBefore = cpuOf(processes);
  const startedMicros = monotonicMicros();
  const started = performance.now();
  let next = 0;
  let acknowledged = 0;
  /** Per publish, the time from publishing it to its PUBACK (ms): the publisher's loop. */
  const acknowledgements = [];
  // A flow that stops moving fails the run with where it stood, rather than waiting for ever.
  let last = -1;
  let stalled;
  const watchdog = setInterval(() => {
    const progress = acknowledged + received;
    if (progress === last) stalled?.(new Error(`${flow.id} flow stalled for ${STALL_MS / 1000} s: ${acknowledged} of ${count} publishes acknowledged, ${received} delivered`));
    last = progress;
  }, STALL_MS);
  const stall = new Promise((_resolve, reject) => (stalled = reject));
  const flowing = new Promise((resolve, reject) => {
    let inFlight = 0;
    const pump = () => {
      while (inFlight < WINDOW && next < count) {
        const payload = Buffer.alloc(64);
        payload.writeDoubleBE(performance.now(), 0);
        payload.writeUInt32BE(tag, 8);
        inFlight++;
        const publishedAt = performance.now();
        publisher.publishAsync(`${prefix}/t${next % TOPICS}`, payload, { qos: 1 }).then(() => {
          acknowledgements.push(performance.now() - publishedAt);
          inFlight--;
          acknowledged++;
          if (next === count && inFlight === 0) resolve();
          else pump();
        }, reject);
        next++;
      }
    };
    pump();
  });
  // What bounds the flow: when the last publish is acknowledged with every message delivered, the
  // publisher's loop (publish → acknowledgement) is the bottleneck, not the delivery to members.
  let lastAcknowledgedMs;
  let deliveredAtLastAcknowledgement;
  const published = flowing.then(() => {
    lastAcknowledgedMs = performance.now() - started;
    deliveredAtLastAcknowledgement = received;
  });
  try {
    await Promise.race([published.then(() => all), stall]);
  } finally {
    clearInterval(watchdog);
  }
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuOf(processes);
  const window = [startedMicros, monotonicMicros()];
  await Promise.all([publisher, ...members].map((client) => client.endAsync(true)));
  const cpuMicrosPerMessage = Object.fromEntries(Object.keys(cpuAfter).map((name) => [name, ((cpuAfter[name] - cpuBefore[name]) / count) * 1e6]));
  return { messagesPerSecond: count / seconds, publishingMs: lastAcknowledgedMs, deliveredAtLastAcknowledgement: deliveredAtLastAcknowledgement / count, latencyP50Ms: percentile(latencies, 50), latencyP99Ms: percentile(latencies, 99), acknowledgementP50Ms: percentile(acknowledgements, 50), acknowledgementMeanMs: acknowledgements.reduce((sum, ms) => sum + ms, 0) / acknowledgements.length, cpuMicrosPerMessage, window };
}

/** The machine's monotonic clock in µs: the clock of V8's CPU profiles, in every process. */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** The samples of a CPU profile taken within the given windows of the monotonic clock (µs), as a profile of their own. */
function profileWithin(profile, windows) {
  const samples = [];
  const timeDeltas = [];
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (windows.some(([from, to]) => at >= from && at <= to)) {
      samples.push(id);
      timeDeltas.push(profile.timeDeltas[index] ?? 0);
    }
  });
  const length = windows.reduce((sum, [from, to]) => sum + (to - from), 0);
  return { ...profile, samples, timeDeltas, startTime: 0, endTime: length };
}

/** CPU seconds so far of the broker, of Kafka (when this part started it) and of this process (the MQTT clients). */
function cpuOf({ brokerPid, kafkaPid }) {
  const { user, system } = process.cpuUsage();
  return { broker: cpuSeconds(brokerPid), ...(kafkaPid === undefined ? {} : { kafka: cpuSeconds(kafkaPid) }), clients: (user + system) / 1e6 };
}

/** The JVM of the Kafka node whose folder is dataDir. */
function kafkaProcess(dataDir) {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(`${dataDir}/server.properties`)) return Number(entry);
    } catch {
      // Ended meanwhile, or not ours to read.
    }
  }
  return undefined;
}

/** Where the broker's CPU went while each flow's measured rounds ran (node --cpu-prof). */
function profileSections(file, results) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  return FLOWS.flatMap((flow) => ['', profileMarkdown(`The broker during the ${flow.id} rounds`, summarizeProfile(profileWithin(profile, results[flow.id].map((result) => result.window)), 25))]);
}

/** Ports given as `http,mqtt,ws` (STARLING_BENCH_BROKER_PORTS), to keep clear of another run's on a shared machine; free ones otherwise. */
function givenPorts() {
  const given = process.env.STARLING_BENCH_BROKER_PORTS;
  return given ? given.split(',').map(Number) : undefined;
}

export async function runAppSharedPart({ quick, profile, main }) {
  const count = quick ? 5000 : 30_000;
  const rounds = quick ? 1 : 3;
  const given = process.env.STARLING_TEST_KAFKA_BOOTSTRAP;
  const kafkaPort = process.env.STARLING_BENCH_KAFKA_PORT;
  const kafka = given ? { bootstrap: given, version: 'given', stop: async () => undefined } : await startKafka({ port: kafkaPort === undefined ? undefined : Number(kafkaPort) });
  const profileDirectory = profile ? fs.mkdtempSync(path.join(ensureScratchDir(), 'app-shared-profiles-')) : undefined;
  const nodeArguments = profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDirectory}`, '--cpu-prof-name=starling-app-shared.cpuprofile'] : [];
  // Queues as long as a flow: on a busy machine the DEVICE members fall behind the publisher, and past the default of 1,000 their messages would be dropped.
  // A start that takes 5 s alone took over 30 s with the shared cores busy.
  const broker = await startStarling({ name: 'starling-app-shared', main, nodeArguments, startTimeoutMs: 120_000, ports: givenPorts(), env: { STARLING_KAFKA_BOOTSTRAP: kafka.bootstrap, STARLING_MAX_QUEUED_MESSAGES: String(count) } });
  const processes = { brokerPid: broker.pid, kafkaPid: kafka.dataDir === undefined ? undefined : kafkaProcess(kafka.dataDir) };
  const results = Object.fromEntries(FLOWS.map(({ id }) => [id, []]));
  try {
    const token = await signInToApi(broker.httpUrl);
    for (const [name, credentials, clientType] of [['Bench applications', APPLICATION, 'APPLICATION'], ['Bench devices', DEVICE, 'DEVICE']]) {
      await api(broker.httpUrl, token, '/api/mqtt/client/credentials', { name, clientType, credentialsType: 'MQTT_BASIC', credentialsValue: JSON.stringify({ userName: credentials.username, password: credentials.password }) });
    }
    // Through Kafka each round gets a subscription (a Kafka topic) of its own: a consumer group that is
    // new starts with the oldest message its topic holds, so in one topic a round would first read
    // every earlier round's messages again.
    const beforeRound = (flow) => (filter) =>
      flow.id === 'application' ? api(broker.httpUrl, token, '/api/app/shared/subs', { name: `Bench ${filter}`, topicFilter: filter, partitions: PARTITIONS }) : undefined;
    // A warm-up of each flow as long as a round (the Kafka node's JVM compiles its hot paths during the
    // first tens of thousands of messages), then the rounds with the two flows back to back.
    for (const flow of FLOWS) await measureFlow(broker.mqttPort, flow, 'warmup', count, processes, beforeRound(flow));
    for (let round = 0; round < rounds; round++) {
      for (const flow of FLOWS) {
        const result = await measureFlow(broker.mqttPort, flow, String(round), count, processes, beforeRound(flow));
        const cpu = Object.entries(result.cpuMicrosPerMessage).map(([name, micros]) => `${name} ${format(micros)}`).join(', ');
        console.log(`  round ${round + 1}, ${flow.id}: ${format(result.messagesPerSecond)} messages/s; publish → PUBACK mean ${format(result.acknowledgementMeanMs)} ms; CPU µs per message: ${cpu}; last publish acknowledged after ${format(result.publishingMs)} ms, ${format(result.deliveredAtLastAcknowledgement * 100, ' %')} delivered by then`);
        results[flow.id].push(result);
      }
    }
  } finally {
    await broker.stop();
    await kafka.stop();
  }
  const summary = FLOWS.map((flow) => ({
    flow: flow.id,
    label: flow.label,
    messagesPerSecond: median(results[flow.id].map((result) => result.messagesPerSecond)),
    runs: results[flow.id].map((result) => result.messagesPerSecond),
    publishingMs: median(results[flow.id].map((result) => result.publishingMs)),
    deliveredAtLastAcknowledgement: median(results[flow.id].map((result) => result.deliveredAtLastAcknowledgement)),
    latencyP50Ms: median(results[flow.id].map((result) => result.latencyP50Ms)),
    latencyP99Ms: median(results[flow.id].map((result) => result.latencyP99Ms)),
    acknowledgementP50Ms: median(results[flow.id].map((result) => result.acknowledgementP50Ms)),
    acknowledgementMeanMs: median(results[flow.id].map((result) => result.acknowledgementMeanMs)),
    cpuMicrosPerMessage: Object.fromEntries(Object.keys(results[flow.id][0].cpuMicrosPerMessage).map((name) => [name, median(results[flow.id].map((result) => result.cpuMicrosPerMessage[name]))])),
  }));
  const [application, device] = summary;
  const addedMicrosPerMessage = (1 / application.messagesPerSecond - 1 / device.messagesPerSecond) * 1e6;
  const perRound = Object.fromEntries(FLOWS.map(({ id }) => [id, results[id].map(({ window: _window, ...result }) => result)]));
  const data = { count, rounds, members: MEMBERS, partitions: PARTITIONS, window: WINDOW, topics: TOPICS, kafkaVersion: kafka.version, summary, perRound, addedMicrosPerMessage };
  const markdown = [
    '## How it was measured',
    '',
    `The bundled broker from its build with a real Kafka node (${kafka.version}) on the same machine, neither pinned. One mqtt.js publisher (MQTT 5, DEVICE credentials) sends ${format(count)} QoS 1 messages of 64 bytes over ${TOPICS} topics, ${WINDOW} on their way at once; ${MEMBERS} mqtt.js members (MQTT 5, Receive Maximum 100, acknowledging at once) share them. Application: APPLICATION members of an application shared subscription with ${PARTITIONS} partitions, so each message is written to Kafka before its PUBACK and read back from it; device: DEVICE members of the same kind of \`$share\` subscription, delivered in memory. Before each round's clock starts, the publisher sends a message every ${PRIME_EVERY_MS} ms on other topics under the filter until every member has had one (the consumer group has formed and spread the partitions); then messages/s from the first publish to the last delivery; each round publishes to topics of its own, through Kafka those of an application shared subscription made for the round (a consumer group that is new starts with the oldest message its Kafka topic holds: in one topic a round would first read the earlier rounds' messages again); median of ${rounds} round(s) after a warm-up round of each flow, the two flows back to back in each. The broker runs with STARLING_MAX_QUEUED_MESSAGES=${format(count)}, so that DEVICE members that fall behind on a busy machine get every message rather than a dropped overflow. CPU per message: the CPU time the broker, the Kafka node and this process (all the MQTT clients) used during a round ÷ messages.${main ? ` Broker: \`${path.relative(process.cwd(), main)}\`.` : ''}`,
    '',
    '## Results',
    '',
    table(
      ['flow', 'messages/s (median)', 'runs', 'latency publish → member p50 / p99 (ms)'],
      summary.map((row) => [row.label, format(row.messagesPerSecond), row.runs.map((value) => format(value)).join(', '), `${format(row.latencyP50Ms)} / ${format(row.latencyP99Ms)}`]),
    ),
    '',
    table(
      ['flow', 'CPU per message (median, µs): broker', 'Kafka', 'the MQTT clients (this process)'],
      summary.map((row) => [row.label, format(row.cpuMicrosPerMessage.broker), row.cpuMicrosPerMessage.kafka === undefined ? '—' : format(row.cpuMicrosPerMessage.kafka), format(row.cpuMicrosPerMessage.clients)]),
    ),
    '',
    table(
      ['flow', 'last publish acknowledged after (ms, median)', 'delivered by then (median)', 'publish → PUBACK mean / p50 (ms, median)'],
      summary.map((row) => [row.label, format(row.publishingMs), format(row.deliveredAtLastAcknowledgement * 100, ' %'), `${format(row.acknowledgementMeanMs)} / ${format(row.acknowledgementP50Ms)}`]),
    ),
    '',
    `When every message is delivered by the time the last publish is acknowledged, the flow is bound by the publisher's loop (a publish, its acknowledgement, the next publish in the window), not by the delivery to the members: then messages/s ≈ ${WINDOW} (the window) ÷ the mean time from a publish to its PUBACK.`,
    '',
    `Added cost per message through Kafka: ${format(addedMicrosPerMessage)} µs (1 ÷ application rate − 1 ÷ device rate), ${format((device.messagesPerSecond / application.messagesPerSecond - 1) * 100, ' %')} more time per message.`,
    '',
    'The publisher is acknowledged once Kafka holds a message, not once a member has it: through Kafka it runs ahead of the members, and the latency is mostly the time a message waits in Kafka for its turn, not the cost of one hop.',
    ...(profileDirectory ? profileSections(path.join(profileDirectory, 'starling-app-shared.cpuprofile'), results) : []),
  ].join('\n');
  return { data, markdown };
}
