// Creates many retained messages in a running broker through real MQTT 3.1.1 PUBLISHes with the
// retain flag (not rows written behind the broker's back), for the retained messages benchmark and
// for trying the retained messages page with a realistic store:
//
//   node scripts/bench/retained/create-retained-messages.mjs --port 1883 [--sites 100] [--devices 100] [--host 127.0.0.1]
//
// Topics read bench-retained/site-SS/device-DDDD/<metric>: sites × devices branches (100 × 100 =
// 10,000 by default) of METRICS.length (10) retained messages each. Payloads vary in kind and size:
// JSON readings, plain text states and binary frames. Every other message is published at QoS 0,
// the rest at QoS 1 (each publisher keeps up to WINDOW of those unacknowledged); the caller then
// waits until the broker lists them all, since a QoS 0 PUBLISH is never acknowledged.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { WireClient } from '../broker/mqtt-wire.mjs';

export const TOPIC_ROOT = 'bench-retained';
export const METRICS = ['temperature', 'humidity', 'pressure', 'voltage', 'current', 'status', 'firmware', 'location', 'frame', 'config'];
const PUBLISHERS = 4;
const WINDOW = 200;

export const siteName = (site) => `site-${String(site).padStart(2, '0')}`;
export const deviceName = (device) => `device-${String(device).padStart(4, '0')}`;

/** The payload of message `index` on `metric`: JSON, text or binary, 2 to about 200 bytes. */
export function retainedPayload(metric, index) {
  if (metric === 'frame') return Buffer.from(Array.from({ length: 8 + (index % 64) }, (_, byte) => (index * 31 + byte * 7) % 256));
  if (metric === 'status') return Buffer.from(index % 7 === 0 ? 'offline' : 'online');
  if (metric === 'firmware') return Buffer.from(`v${1 + (index % 3)}.${index % 10}.${index % 17}`);
  if (metric === 'config') return Buffer.from(JSON.stringify({ interval: 10 + (index % 50), thresholds: Array.from({ length: index % 12 }, (_, n) => n * 1.5), mode: index % 2 ? 'eco' : 'full' }));
  return Buffer.from(JSON.stringify({ value: Math.round(((index * 37) % 1000) / 10 - 20), unit: metric === 'temperature' ? 'C' : '%', ts: 1_700_000_000 + index }));
}

function utf8(text) {
  const bytes = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

function remainingLength(length) {
  const bytes = [];
  do {
    let byte = length % 128;
    length = Math.floor(length / 128);
    if (length > 0) byte |= 128;
    bytes.push(byte);
  } while (length > 0);
  return Buffer.from(bytes);
}

/** A retained PUBLISH at QoS 0 (packetId undefined) or 1. */
function retainedPublish(topic, payload, packetId) {
  const qos = packetId === undefined ? 0 : 1;
  const id = packetId === undefined ? [] : [packetId >> 8, packetId & 0xff];
  const body = Buffer.concat([utf8(topic), Buffer.from(id), payload]);
  return Buffer.concat([Buffer.from([0x30 | (qos << 1) | 1]), remainingLength(body.length), body]);
}

export function* retainedTopics(sites, devices) {
  let index = 0;
  for (let site = 0; site < sites; site += 1) {
    for (let device = 0; device < devices; device += 1) {
      for (const metric of METRICS) yield { topic: `${TOPIC_ROOT}/${siteName(site)}/${deviceName(device)}/${metric}`, payload: retainedPayload(metric, index), index: index++ };
    }
  }
}

/** Sends its share of the messages with up to WINDOW unacknowledged at a time. */
async function publishShare(target, publisher, messages) {
  const client = await WireClient.connect({ ...target, clientId: `bench-retained-publisher-${publisher}`, clean: true });
  const unacknowledged = new Set();
  client.onPuback = (packetId) => unacknowledged.delete(packetId);
  let packetId = 0;
  for (const message of messages) {
    if (message.index % 2 === 0) {
      if (!client.socket.write(retainedPublish(message.topic, message.payload, undefined))) await new Promise((resolve) => client.socket.once('drain', resolve));
      continue;
    }
    while (unacknowledged.size >= WINDOW) await new Promise((resolve) => setImmediate(resolve));
    packetId = (packetId % 65535) + 1;
    unacknowledged.add(packetId);
    client.socket.write(retainedPublish(message.topic, message.payload, packetId));
  }
  while (unacknowledged.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  await client.disconnect();
}

/**
 * Publishes sites × devices × METRICS.length retained messages; answers the rate.
 * @param {{ host?: string, port: number, sites?: number, devices?: number }} options
 */
export async function createRetainedMessages({ host = '127.0.0.1', port, sites = 100, devices = 100 }) {
  const target = { host, port };
  const shares = Array.from({ length: PUBLISHERS }, () => []);
  for (const message of retainedTopics(sites, devices)) shares[message.index % PUBLISHERS].push(message);
  const started = performance.now();
  await Promise.all(shares.map((share, publisher) => publishShare(target, publisher, share)));
  const seconds = (performance.now() - started) / 1000;
  const count = sites * devices * METRICS.length;
  return { count, branches: sites * devices, seconds, perSecond: count / seconds };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '1883' },
      sites: { type: 'string', default: '100' },
      devices: { type: 'string', default: '100' },
    },
  });
  const result = await createRetainedMessages({ host: values.host, port: Number(values.port), sites: Number(values.sites), devices: Number(values.devices) });
  console.log(`${result.count.toLocaleString('en-US')} retained messages on ${result.branches.toLocaleString('en-US')} branches in ${result.seconds.toFixed(1)} s (${Math.round(result.perSecond)}/s)`);
}
