import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { eventually } from '../../support/checks/waits.js';

const run = promisify(execFile);
let node: TestNode;

beforeAll(async () => {
  node = await startTestNode();
});
afterAll(() => node.destroy());

const connection = () => ['-h', '127.0.0.1', '-p', String(node.mqttPort)];

let subscribers = 0;

/** Starts mosquitto_sub for `count` messages; resolves with its output lines once it has them. */
async function subscribe(args: string[], count = 1): Promise<() => Promise<string[]>> {
  const clientId = `mosquitto-sub-${(subscribers += 1)}`;
  const child = spawn('mosquitto_sub', [...connection(), '-i', clientId, '-C', String(count), '-W', '15', ...args]);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  // 'close', not 'exit': the process may end before its output has been read.
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  // mosquitto_sub prints nothing once subscribed: the broker's session says when it is.
  await eventually(() => expect(node.mqtt.sessions.get(clientId)?.subscriptions).toHaveLength(1));
  return async () => {
    const code = await exited;
    if (code !== 0) throw new Error(`mosquitto_sub exited with ${code}: ${errors}`);
    return output.trim().split('\n');
  };
}

const publish = (args: string[]) => run('mosquitto_pub', [...connection(), ...args]);

describe('interoperability with the mosquitto clients', () => {
  it.each(['mqttv311', 'mqttv5'])('exchanges QoS 2 messages with %s', async (version) => {
    const received = await subscribe(['-V', version, '-q', '2', '-t', `interop/${version}`, '-F', '%t %q %p']);
    await publish(['-V', version, '-q', '2', '-t', `interop/${version}`, '-m', 'hello from mosquitto']);
    expect(await received()).toEqual([`interop/${version} 2 hello from mosquitto`]);
  });

  it('keeps a retained message for a later mosquitto_sub', async () => {
    await publish(['-q', '1', '-r', '-t', 'interop/retained', '-m', 'last known state']);
    const received = await subscribe(['-t', 'interop/retained', '-F', '%r %p']);
    expect(await received()).toEqual(['1 last known state']);
  });

  it('carries MQTT 5 user properties and content type from mosquitto_pub', async () => {
    const received = await subscribe(['-V', 'mqttv5', '-t', 'interop/properties', '-F', '%C|%P|%p']);
    await publish(['-V', 'mqttv5', '-t', 'interop/properties', '-m', '{"t":21}', '-D', 'publish', 'content-type', 'application/json', '-D', 'publish', 'user-property', 'site', 'berlin']);
    expect(await received()).toEqual(['application/json|site:berlin|{"t":21}']);
  });

  it('shares a $share subscription between two mosquitto_sub members', async () => {
    const first = await subscribe(['-V', 'mqttv5', '-t', '$share/interop/jobs/#', '-F', '%p'], 2);
    const second = await subscribe(['-V', 'mqttv5', '-t', '$share/interop/jobs/#', '-F', '%p'], 2);
    for (const n of [1, 2, 3, 4]) await publish(['-V', 'mqttv5', '-q', '1', '-t', `jobs/${n}`, '-m', `job ${n}`]);
    const all = [...(await first()), ...(await second())].sort();
    expect(all).toEqual(['job 1', 'job 2', 'job 3', 'job 4']);
  });
});
