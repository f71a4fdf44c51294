// Integrations part (--integrations, issue 28): messages per second through an HTTP, an MQTT and a
// Kafka integration of the bundled broker (from its build), and what an integration costs the
// publisher's path: QoS 1 acknowledgements per second with an integration matching every message
// beside the same publishing with none. Targets: a web service in this process (node:http), a
// second bundled broker, and a real Kafka node (scripts/kafka/kafka-server.mjs, or
// STARLING_TEST_KAFKA_BOOTSTRAP when set).
import http from 'node:http';
import { Admin } from '@platformatic/kafka';
import mqtt from 'mqtt';
import { startKafka } from '../../kafka/kafka-server.mjs';
import { table } from '../lib/report.mjs';
import { signInToApi, startStarling } from '../lib/starling-broker.mjs';
import { format, median } from '../lib/stats.mjs';

const TOPICS = 16;
/** QoS 1 publishes on their way at once (below the broker's Receive Maximum of 1024). */
const WINDOW = 500;
const PAYLOAD_BYTES = 64;

async function call(httpUrl, token, method, path, body) {
  const response = await fetch(`${httpUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Authorization': `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/** A web service that takes every request (keep-alive), counting them. */
async function startWebService() {
  let taken = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      taken++;
      response.writeHead(200).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/ingest`, taken: () => taken, stop: () => new Promise((resolve) => server.close(resolve)) };
}

/** Publishes `count` QoS 1 messages over TOPICS topics with a window; answers the seconds until the last PUBACK. */
async function publish(port, prefix, count) {
  const publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: `${prefix}-publisher`, reconnectPeriod: 0 });
  const payload = Buffer.alloc(PAYLOAD_BYTES, 1);
  const started = performance.now();
  let next = 0;
  await new Promise((resolve, reject) => {
    let inFlight = 0;
    const pump = () => {
      while (inFlight < WINDOW && next < count) {
        inFlight++;
        publisher.publishAsync(`${prefix}/t${next % TOPICS}`, payload, { qos: 1 }).then(() => {
          inFlight--;
          if (next === count && inFlight === 0) resolve();
          else pump();
        }, reject);
        next++;
      }
    };
    pump();
  });
  const seconds = (performance.now() - started) / 1000;
  await publisher.endAsync(true);
  return { started, seconds };
}

async function waitFor(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the integration did not deliver everything in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function runIntegrationsPart({ quick }) {
  const count = quick ? 5000 : 50_000;
  const rounds = quick ? 1 : 3;
  const given = process.env.STARLING_TEST_KAFKA_BOOTSTRAP;
  const kafka = given ? { bootstrap: given, version: 'given', stop: async () => undefined } : await startKafka();
  const service = await startWebService();
  const target = await startStarling({ name: 'starling-integration-target' });
  const broker = await startStarling({ name: 'starling-integrations' });
  const kafkaTopic = `bench-integrations-${Date.now()}`;
  const admin = new Admin({ clientId: 'bench-integrations', bootstrapBrokers: [kafka.bootstrap] });
  const flows = [
    { id: 'none', label: 'no integration (the publisher alone)' },
    { id: 'HTTP', label: 'HTTP integration (a web service, keep-alive)', clientConfiguration: () => ({ restEndpointUrl: service.url, payloadContentType: 'BINARY', maxParallelRequestsCount: 16 }) },
    { id: 'MQTT', label: 'MQTT integration (a second bundled broker, QoS 1)', clientConfiguration: () => ({ host: '127.0.0.1', port: target.mqttPort, clientId: 'bench-bridge', topicName: 'bridged/${topic}', qos: 1, sendOnlyMsgPayload: true }) },
    { id: 'KAFKA', label: 'Kafka integration (acks all)', clientConfiguration: () => ({ bootstrapServers: kafka.bootstrap, topic: kafkaTopic, acks: 'all', sendOnlyMsgPayload: true }) },
  ];
  const results = Object.fromEntries(flows.map(({ id }) => [id, []]));
  try {
    await admin.createTopics({ topics: [kafkaTopic], partitions: 4, replicas: 1 });
    const token = await signInToApi(broker.httpUrl);
    for (let round = 0; round < rounds; round++) {
      for (const flow of flows) {
        const prefix = `bench-${flow.id.toLowerCase()}-${round}`;
        let integration;
        if (flow.clientConfiguration) {
          integration = await call(broker.httpUrl, token, 'POST', '/api/integration', {
            name: prefix,
            type: flow.id,
            enabled: true,
            configuration: { topicFilters: [`${prefix}/#`], clientConfiguration: flow.clientConfiguration() },
          });
          await waitFor(async () => (await call(broker.httpUrl, token, 'GET', `/api/integration/${integration.id}`)).status?.success === true, 60_000);
        }
        const { started, seconds } = await publish(broker.mqttPort, prefix, count);
        let deliverySeconds;
        if (integration) {
          await waitFor(async () => (await call(broker.httpUrl, token, 'GET', `/api/integration/${integration.id}`)).delivery.sent >= count, 600_000);
          deliverySeconds = (performance.now() - started) / 1000;
          await call(broker.httpUrl, token, 'DELETE', `/api/integration/${integration.id}`);
        }
        results[flow.id].push({ publisherPerSecond: count / seconds, deliveredPerSecond: deliverySeconds ? count / deliverySeconds : undefined });
      }
    }
  } finally {
    await admin.close().catch(() => undefined);
    await broker.stop();
    await target.stop();
    await service.stop();
    await kafka.stop();
  }
  const summary = flows.map((flow) => ({
    flow: flow.id,
    label: flow.label,
    publisherPerSecond: median(results[flow.id].map((result) => result.publisherPerSecond)),
    deliveredPerSecond: flow.clientConfiguration ? median(results[flow.id].map((result) => result.deliveredPerSecond)) : undefined,
    runs: results[flow.id],
  }));
  const alone = summary[0].publisherPerSecond;
  const data = { count, rounds, topics: TOPICS, window: WINDOW, payloadBytes: PAYLOAD_BYTES, kafkaVersion: kafka.version, summary };
  const markdown = [
    '## How it was measured',
    '',
    `The bundled broker from its build; targets on the same machine: a web service in the bench's process, a second bundled broker, a Kafka node (${kafka.version}); nothing pinned. One mqtt.js publisher (MQTT 3.1.1) sends ${format(count)} QoS 1 messages of ${PAYLOAD_BYTES} bytes over ${TOPICS} topics, ${WINDOW} on their way at once, to topics one integration matches (or none). Publisher: messages/s until the last PUBACK (each message stored in the integration's backlog before it). Delivered: messages/s from the first publish until the integration reports all sent. Median of ${rounds} round(s), the flows one after another in each.`,
    '',
    '## Results',
    '',
    table(
      ['flow', 'publisher messages/s (median)', 'cost to the publisher', 'delivered messages/s (median)'],
      summary.map((row) => [
        row.label,
        format(row.publisherPerSecond),
        row.flow === 'none' ? '—' : format((alone / row.publisherPerSecond - 1) * 100, ' %'),
        row.deliveredPerSecond === undefined ? '—' : format(row.deliveredPerSecond),
      ]),
    ),
    '',
    'Cost to the publisher: how much longer the publisher waits per message with the integration than without (its rate alone ÷ its rate with it − 1).',
  ].join('\n');
  return { data, markdown };
}
