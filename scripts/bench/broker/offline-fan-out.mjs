// Offline fan-out: QoS 1 messages published to many persistent sessions while they are away, the
// way a firmware notice reaches a fleet of sleeping devices. Measures the publisher's wait for each
// PUBACK (the queue rows of every session committed first), the bytes the data directory holds
// then, how long a restart takes to read the queues back, and that each session gets every message.
//
//   node scripts/bench/broker/offline-fan-out.mjs [--sessions 1000] [--messages 20] [--payload 16384]
//       [--main mock-broker/dist/main.js] [--result FILE.json]
//
// Runs the build in mock-broker/dist (npm run build -w mock-broker first); --main runs another
// build of the broker, e.g. an earlier commit's, to compare.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LOOPBACK, stopAll, stopAllOnSignals, temporaryDirectory } from '../lib/processes.mjs';
import { startStarling } from '../lib/starling-broker.mjs';
import { WireClient, publishTemplate } from './mqtt-wire.mjs';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '1000' },
    messages: { type: 'string', default: '20' },
    payload: { type: 'string', default: '16384' },
    main: { type: 'string' },
    result: { type: 'string' },
  },
});
const sessions = Number(values.sessions);
const messages = Number(values.messages);
const payloadBytes = Number(values.payload);
const main = values.main ? path.resolve(values.main) : undefined;

stopAllOnSignals();

function directoryBytes(directory) {
  let total = 0;
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    total += entry.isDirectory() ? directoryBytes(full) : fs.statSync(full).size;
  }
  return total;
}

const percentile = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];

const dataDir = temporaryDirectory('offline-fan-out');
const env = {
  STARLING_MAX_QUEUED_MESSAGES: String(Math.max(messages, 1000)),
  STARLING_MAX_QUEUED_BYTES: String(Math.max(messages * (payloadBytes + 64), 33_554_432)),
  STARLING_MAX_TOTAL_QUEUED_BYTES: String(Math.max(sessions * messages * (payloadBytes + 64), 1_073_741_824)),
  STARLING_MAX_CONNECTIONS_PER_ADDRESS: String(sessions + 10),
};
const clientIds = Array.from({ length: sessions }, (_, index) => `sleeper-${index}`);

try {
  let broker = await startStarling({ name: 'offline-fan-out', dataDir, env, ...(main ? { main } : {}) });
  const connectAll = async (work, onPublishOf = () => undefined) => {
    for (let from = 0; from < clientIds.length; from += 100) {
      await Promise.all(
        clientIds.slice(from, from + 100).map(async (clientId) => {
          const arrivals = onPublishOf();
          const client = await WireClient.connect({ host: LOOPBACK, port: broker.mqttPort, clientId, clean: false, onPublish: arrivals?.onPublish });
          await work(client, arrivals);
          await client.disconnect();
        }),
      );
    }
  };
  await connectAll((client) => client.subscribe('fleet/#', 1));

  const publisher = await WireClient.connect({ host: LOOPBACK, port: broker.mqttPort, clientId: 'fleet-publisher' });
  const { template, packetIdOffset, payloadOffset } = publishTemplate('fleet/firmware', 1, payloadBytes);
  const waits = [];
  const started = performance.now();
  for (let index = 1; index <= messages; index += 1) {
    const packet = Buffer.from(template);
    packet.writeUInt16BE(index, packetIdOffset);
    packet.fill(index & 0xff, payloadOffset);
    const sent = performance.now();
    await new Promise((resolve) => {
      publisher.onPuback = (packetId) => packetId === index && resolve();
      publisher.socket.write(packet);
    });
    waits.push(performance.now() - sent);
  }
  const publishMs = performance.now() - started;
  await publisher.disconnect();
  await broker.stop(120_000);
  const storedBytes = directoryBytes(dataDir);

  broker = await startStarling({ name: 'offline-fan-out', dataDir, env, startTimeoutMs: 300_000, ...(main ? { main } : {}) });
  const restartMs = broker.startedInMs;
  let delivered = 0;
  let whole = 0;
  // Each session's messages, counted from the CONNACK on: a resumed session's queue may come with it.
  const arrivalsOfOne = () => {
    let mine = 0;
    let done = () => undefined;
    const all = new Promise((resolve) => (done = resolve));
    return {
      all,
      onPublish: (buffer, start, end) => {
        delivered += 1;
        if (end - start === payloadBytes) whole += 1;
        if (++mine === messages) done();
      },
    };
  };
  await connectAll((client, arrivals) => arrivals.all, arrivalsOfOne);
  await broker.stop(120_000);

  waits.sort((one, other) => one - other);
  const result = {
    sessions,
    messages,
    payloadBytes,
    build: main ?? 'mock-broker/dist/main.js',
    pubackMs: { p50: percentile(waits, 0.5), p90: percentile(waits, 0.9), max: waits.at(-1) },
    publishedPerSecond: (messages / publishMs) * 1000,
    deliveriesQueuedPerSecond: ((messages * sessions) / publishMs) * 1000,
    storedBytes,
    payloadBytesQueued: messages * sessions * payloadBytes,
    restartMs,
    delivered,
    deliveredWhole: whole,
  };
  console.log(JSON.stringify(result, null, 2));
  if (values.result) fs.writeFileSync(values.result, `${JSON.stringify(result, null, 2)}\n`);
  if (delivered !== messages * sessions || whole !== delivered) process.exitCode = 1;
} finally {
  await stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
