// A broker node for the contract fuzzing: the built broker (mock-broker/dist), started in this
// process on free loopback ports with a data directory of its own, answers checked against the
// contract, mail going to a sink on loopback, and an administrator of the fuzzer's own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { SMTPServer } from 'smtp-server';
import { root } from '../lib.mjs';

const dist = path.join(root, 'mock-broker', 'dist');

/**
 * The fuzzer signs in as its own administrator, not as the default one: whatever it does to the
 * other users (it may update or delete any of them), its own sign-in stays. Its password is
 * settled (changed once), like an operator's, so nothing forces a change on it.
 */
const FUZZER = { email: 'fuzzer@starling.local', firstPassword: 'Fuzzer-first-pass', password: 'Fuzzer-settled-pass' };

async function call(baseUrl, method, urlPath, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers['X-Authorization'] = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}${urlPath}`, { method, headers, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${urlPath} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * An SMTP server on loopback that takes every mail and keeps none: activation and reset mails the
 * fuzzer sets off are delivered (to addresses it made up) without leaving the machine.
 */
async function startMailSink() {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => callback());
      stream.resume();
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: server.server.address().port, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** The client id of the session the node keeps for the session and subscription operations (schemathesis.toml). */
export const FUZZ_SESSION = 'fuzz-session';

/**
 * A real MQTT client with a persistent session and a subscription, so that the session and
 * subscription operations find one. It reconnects when the fuzzer disconnects or removes it.
 */
async function startFuzzSession(mqttPort) {
  const client = mqtt.connect({ host: '127.0.0.1', port: mqttPort, clientId: FUZZ_SESSION, protocolVersion: 5, clean: false, properties: { sessionExpiryInterval: 3600 }, reconnectPeriod: 200 });
  await new Promise((resolve, reject) => {
    client.once('connect', resolve);
    client.once('error', reject);
  });
  await client.subscribeAsync('fuzz/#', { qos: 1 });
  return { close: () => client.endAsync(true) };
}

async function signIn(baseUrl, username, password) {
  return (await call(baseUrl, 'POST', '/api/auth/login', { username, password })).token;
}

/** Starts the node and signs the fuzzer in; close() stops it and removes its data. */
export async function startFuzzNode() {
  // First, as in main.js: the packages loaded after it get quiet loggers.
  await import(path.join(dist, 'app', 'quiet-debug.js'));
  const { startNode } = await import(path.join(dist, 'app', 'node.js'));
  const { loadConfig } = await import(path.join(dist, 'config', 'config.js'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-fuzz-'));
  const config = { ...loadConfig({}), httpPort: 0, mqttPort: 0, wsPort: 0, bindAddress: '127.0.0.1', validateResponses: true, dataDir };
  const mailSink = await startMailSink();
  const node = await startNode(config);
  const baseUrl = `http://127.0.0.1:${node.httpPort}`;
  let session;
  const stop = async () => {
    await session?.close();
    await node.close();
    await mailSink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The default administrator's password was chosen by someone else: the broker lets that
    // session do nothing before the password is changed.
    const defaultToken = await signIn(baseUrl, 'sysadmin@starling.local', 'sysadmin');
    const adminToken = (await call(baseUrl, 'POST', '/api/auth/changePassword', { currentPassword: 'sysadmin', newPassword: 'Sysadmin-settled-pass' }, defaultToken)).token;
    const mail = { mailFrom: 'Starling <starling@localhost>', smtpProtocol: 'smtp', smtpHost: '127.0.0.1', smtpPort: mailSink.port, timeout: 5000, enableTls: false };
    await call(baseUrl, 'POST', '/api/admin/settings', { key: 'mail', jsonValue: mail }, adminToken);
    await call(baseUrl, 'POST', '/api/admin', { email: FUZZER.email, firstName: 'Contract', lastName: 'Fuzzer', password: FUZZER.firstPassword }, adminToken);
    const firstToken = await signIn(baseUrl, FUZZER.email, FUZZER.firstPassword);
    await call(baseUrl, 'POST', '/api/auth/changePassword', { currentPassword: FUZZER.firstPassword, newPassword: FUZZER.password }, firstToken);
    const token = await signIn(baseUrl, FUZZER.email, FUZZER.password);
    session = await startFuzzSession(node.mqttPort);
    return { baseUrl, token, close: stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

// Run alone, it serves until stopped: `node scripts/contract-fuzzing/fuzz-node.mjs` prints the URL and token.
if (import.meta.url === `file://${process.argv[1]}`) {
  const node = await startFuzzNode();
  console.log(JSON.stringify({ baseUrl: node.baseUrl, token: node.token }));
  const stop = () => node.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
