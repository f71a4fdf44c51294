import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Account, DEFAULT_ADMIN } from './accounts.js';
import { callApi, signInToApi } from './api.js';

const MAIN = path.resolve(import.meta.dirname, '../../mock-broker/dist/main.js');
const START_TIMEOUT_MS = 30_000;

/** A broker of its own beside the run's one, for a journey that needs other settings (e.g. no Kafka). */
export interface ExtraBroker {
  baseUrl: string;
  /** Its default administrator, whose password the start has already changed (no forced change) unless told to keep the default. */
  admin: Account;
  stop(): Promise<void>;
}

/** A loopback port free right now: taken from the system, then closed again. */
export async function freeLoopbackPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the built broker on free ports with a temporary data directory and the given STARLING_…
 * settings only (none of the run's own, so no Kafka unless given); resolves once its console answers.
 * A fresh data directory: its default administrator is the first start's, with the documented default password.
 */
export async function startExtraBroker(settings: Record<string, string> = {}, { keepDefaultPassword = false } = {}): Promise<ExtraBroker> {
  const [http, mqtt, ws] = [await freeLoopbackPort(), await freeLoopbackPort(), await freeLoopbackPort()];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-e2e-extra-'));
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('STARLING_')));
  const env = { ...inherited, STARLING_DATA_DIR: dataDir, STARLING_BIND_ADDRESS: '127.0.0.1', STARLING_HTTP_PORT: String(http), STARLING_MQTT_PORT: String(mqtt), STARLING_WS_PORT: String(ws), ...settings };
  const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${http}`;
  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the extra broker ended during start-up:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the extra broker did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
      const answer = await fetch(`${baseUrl}/login`).catch(() => undefined);
      if (answer?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // As the first start leaves it, for a journey through the forced change.
    if (keepDefaultPassword) return { baseUrl, admin: DEFAULT_ADMIN, stop };
    // The default password must be changed before the console lets the administrator in.
    const admin = { username: DEFAULT_ADMIN.username, password: 'Extra-broker-admin-1' };
    const restricted = await signInToApi(DEFAULT_ADMIN.username, DEFAULT_ADMIN.password, baseUrl);
    await callApi('POST', '/api/auth/changePassword', { currentPassword: DEFAULT_ADMIN.password, newPassword: admin.password }, restricted, baseUrl);
    return { baseUrl, admin, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
