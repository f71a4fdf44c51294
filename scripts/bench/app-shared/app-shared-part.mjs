// Application shared subscriptions part (--app-shared): messages per second from a publisher through
// an application shared subscription (publish → Kafka → member → PUBACK) beside the same flow through
// an in-memory shared subscription of DEVICE clients, on the bundled broker from its build with a
// real Kafka node (scripts/kafka/kafka-server.mjs, or STARLING_TEST_KAFKA_BOOTSTRAP when set).
import mqtt from 'mqtt';
import { startKafka } from '../../kafka/kafka-server.mjs';
import { table } from '../lib/report.mjs';
import { signInToApi, startStarling } from '../lib/starling-broker.mjs';
import { format, median, percentile } from '../lib/stats.mjs';

const TOPICS = 16;
const PARTITIONS = 4;
const MEMBERS = 2;
/** QoS 1 publishes on their way at once (the broker's Receive Maximum is 1024). */
const WINDOW = 500;
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

/** Publishes `count` QoS 1 messages with a window; answers once every member received all of them, with the latency per message. */
async function measureFlow(port, flow, round, count) {
  const filter = `${flow.prefix}/#`;
  const members = await Promise.all(Array.from({ length: MEMBERS }, (_, index) => connect(port, `${flow.id}-member-${round}-${index}`, flow.credentials)));
  const latencies = [];
  let received = 0;
  let done;
  const all = new Promise((resolve) => (done = resolve));
  for (const member of members) {
    member.on('message', (_topic, payload) => {
      latencies.push(performance.now() - payload.readDoubleBE(0));
      if (++received === count) done();
    });
    await member.subscribeAsync(`$share/bench-${round}/${filter}`, { qos: 1 });
  }
  const publisher = await connect(port, `${flow.id}-publisher-${round}`, DEVICE);
  const started = performance.now();
  let next = 0;
  await new Promise((resolve, reject) => {
    let inFlight = 0;
    const pump = () => {
      while (inFlight < WINDOW && next < count) {
        const payload = Buffer.alloc(64);
        payload.writeDoubleBE(performance.now(), 0);
        inFlight++;
        publisher.publishAsync(`${flow.prefix}/t${next % TOPICS}`, payload, { qos: 1 }).then(() => {
          inFlight--;
          if (next === count && inFlight === 0) resolve();
          else pump();
        }, reject);
        next++;
      }
    };
    pump();
  });
  await all;
  const seconds = (performance.now() - started) / 1000;
  await Promise.all([publisher, ...members].map((client) => client.endAsync(true)));
  return { messagesPerSecond: count / seconds, latencyP50Ms: percentile(latencies, 50), latencyP99Ms: percentile(latencies, 99) };
}

export async function runAppSharedPart({ quick }) {
  const count = quick ? 5000 : 30_000;
  const rounds = quick ? 1 : 3;
  const given = process.env.STARLING_TEST_KAFKA_BOOTSTRAP;
  const kafka = given ? { bootstrap: given, version: 'given', stop: async () => undefined } : await startKafka();
  const broker = await startStarling({ name: 'starling-app-shared', env: { STARLING_KAFKA_BOOTSTRAP: kafka.bootstrap } });
  const results = Object.fromEntries(FLOWS.map(({ id }) => [id, []]));
  try {
    const token = await signInToApi(broker.httpUrl);
    for (const [name, credentials, clientType] of [['Bench applications', APPLICATION, 'APPLICATION'], ['Bench devices', DEVICE, 'DEVICE']]) {
      await api(broker.httpUrl, token, '/api/mqtt/client/credentials', { name, clientType, credentialsType: 'MQTT_BASIC', credentialsValue: JSON.stringify({ userName: credentials.username, password: credentials.password }) });
    }
    await api(broker.httpUrl, token, '/api/app/shared/subs', { name: 'Bench', topicFilter: 'bench-app/#', partitions: PARTITIONS });
    // A warm-up of each flow, then the rounds with the two flows back to back.
    for (const flow of FLOWS) await measureFlow(broker.mqttPort, flow, 'warmup', 2000);
    for (let round = 0; round < rounds; round++) {
      for (const flow of FLOWS) results[flow.id].push(await measureFlow(broker.mqttPort, flow, String(round), count));
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
    latencyP50Ms: median(results[flow.id].map((result) => result.latencyP50Ms)),
    latencyP99Ms: median(results[flow.id].map((result) => result.latencyP99Ms)),
  }));
  const [application, device] = summary;
  const addedMicrosPerMessage = (1 / application.messagesPerSecond - 1 / device.messagesPerSecond) * 1e6;
  const data = { count, rounds, members: MEMBERS, partitions: PARTITIONS, window: WINDOW, topics: TOPICS, kafkaVersion: kafka.version, summary, addedMicrosPerMessage };
  const markdown = [
    '## How it was measured',
    '',
    `The bundled broker from its build with a real Kafka node (${kafka.version}) on the same machine, neither pinned. One mqtt.js publisher (MQTT 5, DEVICE credentials) sends ${format(count)} QoS 1 messages of 64 bytes over ${TOPICS} topics, ${WINDOW} on their way at once; ${MEMBERS} mqtt.js members (MQTT 5, Receive Maximum 100, acknowledging at once) share them. Application: APPLICATION members of an application shared subscription with ${PARTITIONS} partitions, so each message is written to Kafka before its PUBACK and read back from it; device: DEVICE members of the same kind of \`$share\` subscription, delivered in memory. Messages/s from the first publish to the last delivery; median of ${rounds} round(s), the two flows back to back in each.`,
    '',
    '## Results',
    '',
    table(
      ['flow', 'messages/s (median)', 'runs', 'latency publish → member p50 / p99 (ms)'],
      summary.map((row) => [row.label, format(row.messagesPerSecond), row.runs.map((value) => format(value)).join(', '), `${format(row.latencyP50Ms)} / ${format(row.latencyP99Ms)}`]),
    ),
    '',
    `Added cost per message through Kafka: ${format(addedMicrosPerMessage)} µs (1 ÷ application rate − 1 ÷ device rate), ${format((device.messagesPerSecond / application.messagesPerSecond - 1) * 100, ' %')} more time per message.`,
    '',
    'The publisher is acknowledged once Kafka holds a message, not once a member has it: through Kafka it runs ahead of the members, and the latency is mostly the time a message waits in Kafka for its turn, not the cost of one hop.',
  ].join('\n');
  return { data, markdown };
}
