// One load-generator process (started pinned to the generator's cores by load-generator.mjs).
// It holds whole groups — a publisher and the subscribers of its topic — so that it knows when a
// message reached every subscriber: a publisher keeps at most `window` messages on their way.
//
// Payload: hrtime of sending (8 bytes, ns, the machine-wide monotonic clock) · group (4) · sequence (4) · phase (1) · padding.
import { LatencyHistogram } from '../lib/stats.mjs';
import { WireClient, publishTemplate } from './mqtt-wire.mjs';

const HIGH_WATER_BYTES = 256 * 1024;
const STALL_MS = 1000;
const CONNECT_CONCURRENCY = 200;

let groups = [];
let idleClients = [];
let phase = 0;
let measuring = false;
let publishing = false;
let histogram = new LatencyHistogram();
let counters;

function send(message) {
  process.send(message);
}

function resetCounters() {
  counters = { sent: 0, received: 0, windowSent: 0, windowReceived: 0, stalls: 0, stragglers: 0 };
}

function receive(group, buffer, start) {
  if (buffer[start + 16] !== phase) {
    counters.stragglers += 1;
    return;
  }
  const sequence = buffer.readUInt32BE(start + 12);
  counters.received += 1;
  group.received += 1;
  if (measuring) {
    counters.windowReceived += 1;
    histogram.record(Number(process.hrtime.bigint() - buffer.readBigUInt64BE(start)));
  }
  if (group.mode === 'saturate' && sequence >= group.completed && sequence < group.sent) {
    group.ring[sequence % group.ring.length] += 1;
    while (group.completed < group.sent && group.ring[group.completed % group.ring.length] >= group.subscribers.length) {
      group.ring[group.completed % group.ring.length] = 0;
      group.completed += 1;
      group.lastProgress = Date.now();
    }
  }
  schedulePump(group);
}

function publishOne(group) {
  const { template, packetIdOffset, payloadOffset } = group.packet;
  const message = Buffer.allocUnsafe(template.length);
  template.copy(message);
  const sequence = group.sent;
  if (group.qos > 0) message.writeUInt16BE((sequence % 65535) + 1, packetIdOffset);
  message.writeBigUInt64BE(process.hrtime.bigint(), payloadOffset);
  message.writeUInt32BE(group.index, payloadOffset + 8);
  message.writeUInt32BE(sequence, payloadOffset + 12);
  message[payloadOffset + 16] = phase;
  group.publisher.socket.write(message);
  group.sent += 1;
  counters.sent += 1;
  if (measuring) counters.windowSent += 1;
}

/** Saturation: keep every publisher's window full, as long as its socket takes more. */
function pump(group) {
  group.pumpScheduled = false;
  if (!publishing || group.mode !== 'saturate') return;
  const socket = group.publisher.socket;
  socket.cork();
  while (group.sent - group.completed < group.window && socket.writableLength < HIGH_WATER_BYTES) publishOne(group);
  socket.uncork();
}

function schedulePump(group) {
  if (group.pumpScheduled || !publishing) return;
  group.pumpScheduled = true;
  setImmediate(() => pump(group));
}

async function inBatches(count, create) {
  const created = [];
  for (let first = 0; first < count; first += CONNECT_CONCURRENCY) {
    const batch = Array.from({ length: Math.min(CONNECT_CONCURRENCY, count - first) }, (_, offset) => create(first + offset));
    created.push(...(await Promise.all(batch)));
  }
  return created;
}

async function setup({ host, port, runId, groups: wanted }) {
  groups = [];
  for (const spec of wanted) {
    const group = {
      ...spec,
      endpoint: { host, port },
      subscriberIds: Array.from({ length: spec.subscribers }, (_, index) => `${runId}-g${spec.index}-s${index}`),
      sent: 0,
      completed: 0,
      received: 0,
      ring: new Uint16Array(spec.window * 4),
      packet: publishTemplate(spec.topic, spec.qos, spec.payloadBytes),
      lastProgress: Date.now(),
      pumpScheduled: false,
    };
    group.subscribers = await inBatches(spec.subscribers, async (index) => {
      const client = await WireClient.connect({ host, port, clientId: group.subscriberIds[index], clean: !spec.persistent });
      client.onPublish = (buffer, start) => receive(group, buffer, start);
      await client.subscribe(spec.topic, spec.qos);
      return client;
    });
    group.publisher = await WireClient.connect({ host, port, clientId: `${runId}-g${spec.index}-p` });
    group.publisher.socket.on('drain', () => schedulePump(group));
    groups.push(group);
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Fixed rate: every millisecond, each publisher sends what its rate owes by now. */
function startFixedRate(ratePerGroup) {
  const started = performance.now();
  const timer = setInterval(() => {
    const owed = Math.floor(((performance.now() - started) / 1000) * ratePerGroup);
    for (const group of groups) {
      const socket = group.publisher.socket;
      socket.cork();
      while (group.sent < owed && socket.writableLength < HIGH_WATER_BYTES) publishOne(group);
      socket.uncork();
    }
  }, 1);
  return () => clearInterval(timer);
}

/** Saturation only: a window that stopped moving (a message lost) is released so that publishing goes on. */
function startStallWatch() {
  const timer = setInterval(() => {
    for (const group of groups) {
      if (group.sent > group.completed && Date.now() - group.lastProgress > STALL_MS) {
        counters.stalls += 1;
        group.ring.fill(0);
        group.completed = group.sent;
        group.lastProgress = Date.now();
        schedulePump(group);
      }
    }
  }, 250);
  return () => clearInterval(timer);
}

async function run({ mode, ratePerGroup, warmupMs, measureMs, drainMs }) {
  phase = (phase + 1) % 256;
  resetCounters();
  histogram = new LatencyHistogram();
  for (const group of groups) {
    Object.assign(group, { mode, sent: 0, completed: 0, received: 0, lastProgress: Date.now() });
    group.ring.fill(0);
  }
  publishing = true;
  const stopStallWatch = mode === 'saturate' ? startStallWatch() : () => {};
  const stopFixedRate = mode === 'rate' ? startFixedRate(ratePerGroup) : () => {};
  if (mode === 'saturate') groups.forEach(schedulePump);

  await sleep(warmupMs);
  measuring = true;
  const measureStarted = performance.now();
  send({ type: 'measure-start' });
  await sleep(measureMs);
  measuring = false;
  const measuredMs = performance.now() - measureStarted;
  send({ type: 'measure-end' });
  publishing = false;
  stopFixedRate();
  stopStallWatch();

  // Drain: wait for what is still on its way, until all arrived or nothing arrived for drainMs.
  const expected = () => groups.reduce((sum, group) => sum + group.sent * group.subscribers.length, 0);
  let last = -1;
  let quietSince = Date.now();
  while (counters.received < expected() && Date.now() - quietSince < drainMs) {
    if (counters.received !== last) {
      last = counters.received;
      quietSince = Date.now();
    }
    await sleep(50);
  }
  return {
    measuredMs,
    ...counters,
    expected: expected(),
    histogram: histogram.toJSON(),
  };
}

async function openIdle({ host, port, runId, count }) {
  const opened = await inBatches(count, (index) =>
    WireClient.connect({ host, port, clientId: `${runId}-idle-${idleClients.length + index}`, keepaliveSeconds: 60 }),
  );
  idleClients.push(...opened);
  return { open: idleClients.length };
}

async function closeAll() {
  const clients = [...groups.flatMap((group) => [group.publisher, ...group.subscribers]), ...idleClients];
  await Promise.all(clients.map((client) => Promise.race([client.disconnect(), sleep(3000).then(() => client.destroy())])));
  // Persistent sessions outlive their connections: end them (a clean-session connect discards the
  // session), or they would stay subscribed and queue every later run's messages on the same topics.
  const sessions = groups.filter((group) => group.persistent).flatMap((group) => group.subscriberIds.map((clientId) => ({ ...group.endpoint, clientId })));
  await inBatches(sessions.length, async (index) => (await WireClient.connect(sessions[index])).disconnect());
  groups = [];
  idleClients = [];
  return { closed: clients.length };
}

const handlers = { setup, run, openIdle, closeAll };

process.on('message', async ({ id, command, options }) => {
  try {
    const result = await handlers[command](options);
    send({ type: 'reply', id, result: result ?? {} });
  } catch (error) {
    send({ type: 'reply', id, error: error.stack ?? String(error) });
  }
});
process.on('disconnect', () => process.exit(0));
send({ type: 'started' });
