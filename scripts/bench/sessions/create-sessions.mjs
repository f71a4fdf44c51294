// Creates many persistent sessions in a running broker through real MQTT 3.1.1 connections (not
// rows written behind the broker's back), for the sessions benchmark and for trying the sessions
// page with a realistic population:
//
//   node scripts/bench/sessions/create-sessions.mjs --port 1883 --count 100000 [--connected 1000] [--host 127.0.0.1]
//
// Session n (client id bench-session-nnnnnn): clean session off, n % 4 subscriptions at QoS 1;
// one in ten of those with subscriptions also subscribes to bench/queued, which then receives
// QUEUED_PER_SESSION QoS 1 messages while they are offline (a backlog to filter and sort on). The
// last `connected` sessions stay connected (until Ctrl-C when run from the command line).
// Connections are opened in waves of WAVE, far inside a 20,000 open-files limit on both sides.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { WireClient, publishTemplate } from '../broker/mqtt-wire.mjs';

export const WAVE = 1000;
export const QUEUED_TOPIC = 'bench/queued';
export const QUEUED_PER_SESSION = 3;

export function sessionClientId(index) {
  return `bench-session-${String(index).padStart(6, '0')}`;
}

/** The topic filters session `index` subscribes to. */
export function sessionTopics(index) {
  const topics = Array.from({ length: index % 4 }, (_, level) => `bench/sessions/${index}/${level}`);
  if (topics.length > 0 && index % 10 === 5) topics[0] = QUEUED_TOPIC;
  return topics;
}

async function createSession(target, index, stayConnected) {
  const client = await WireClient.connect({ ...target, clientId: sessionClientId(index), clean: false, keepaliveSeconds: 0 });
  let packetId = 1;
  for (const topic of sessionTopics(index)) await client.subscribe(topic, 1, packetId++);
  if (stayConnected) return client;
  await client.disconnect();
  return undefined;
}

/** Publishes QoS 1 messages to the queued topic and waits for each PUBACK. */
async function publishBacklog(target, count) {
  const publisher = await WireClient.connect({ ...target, clientId: 'bench-session-publisher', clean: true });
  const { template, packetIdOffset } = publishTemplate(QUEUED_TOPIC, 1, 16);
  for (let packetId = 1; packetId <= count; packetId += 1) {
    const acknowledged = new Promise((resolve) => (publisher.onPuback = (id) => id === packetId && resolve()));
    const packet = Buffer.from(template);
    packet.writeUInt16BE(packetId, packetIdOffset);
    publisher.socket.write(packet);
    await acknowledged;
  }
  await publisher.disconnect();
}

/**
 * Creates sessions 0 … count-1; answers the creation rate and the clients left connected.
 * @param {{ host?: string, port: number, count: number, connected?: number, onProgress?: (created: number) => void }} options
 */
export async function createSessions({ host = '127.0.0.1', port, count, connected = 0, onProgress }) {
  const target = { host, port };
  const started = performance.now();
  const connectedClients = [];
  const firstConnected = count - connected;
  for (let first = 0; first < count; first += WAVE) {
    const wave = Array.from({ length: Math.min(WAVE, count - first) }, (_, offset) => createSession(target, first + offset, first + offset >= firstConnected));
    connectedClients.push(...(await Promise.all(wave)).filter(Boolean));
    onProgress?.(Math.min(first + WAVE, count));
  }
  await publishBacklog(target, QUEUED_PER_SESSION);
  const seconds = (performance.now() - started) / 1000;
  return { count, connected: connectedClients.length, seconds, perSecond: count / seconds, connectedClients };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '1883' },
      count: { type: 'string', default: '100000' },
      connected: { type: 'string', default: '0' },
    },
  });
  const result = await createSessions({
    host: values.host,
    port: Number(values.port),
    count: Number(values.count),
    connected: Number(values.connected),
    onProgress: (created) => created % 10_000 === 0 && console.log(`${created.toLocaleString('en-US')} sessions`),
  });
  console.log(`${result.count.toLocaleString('en-US')} sessions in ${result.seconds.toFixed(1)} s (${Math.round(result.perSecond)}/s), ${result.connected} left connected`);
  if (result.connected > 0) {
    console.log('Keeping the connected ones open; Ctrl-C ends them.');
    process.once('SIGINT', () => process.exit(0));
  }
}
