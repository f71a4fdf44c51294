// Starts the bundled broker from its build (mock-broker/dist) on free loopback ports with a fresh data directory.
import fs from 'node:fs';
import path from 'node:path';
import { LOOPBACK, freePort, startProcess, stopProcess, temporaryDirectory, waitForPort } from './processes.mjs';
import { brokerMain, ensureScratchDir } from './workspace.mjs';

export const ADMINISTRATOR = { username: 'sysadmin@starling.local', password: 'sysadmin' };

/**
 * @param {{ cores?: string, nodeArguments?: string[], name?: string, main?: string, dataDir?: string, env?: Record<string, string> }} options
 *   cores: taskset core list; nodeArguments: e.g. ['--cpu-prof', …] to profile the broker;
 *   main: the script to run instead of the build's main.js (one taking the same STARLING_* variables);
 *   dataDir: a data directory the caller prepared and keeps (otherwise a fresh one, deleted at stop);
 *   env: further STARLING_* settings; startTimeoutMs: how long it may take to listen (a large data directory);
 *   ports: [http, mqtt, ws] to listen on instead of free ones (away from another run's on a shared machine).
 *   Answers, among others, startedInMs: from the start of the process until both ports accepted connections.
 */
export async function startStarling({ cores, nodeArguments = [], name = 'starling', main = brokerMain, dataDir: givenDataDir, env = {}, startTimeoutMs = 30_000, ports } = {}) {
  const [httpPort, mqttPort, wsPort] = ports ?? [await freePort(), await freePort(), await freePort()];
  const dataDir = givenDataDir ?? temporaryDirectory(name);
  const logFile = path.join(ensureScratchDir(), `${name}.log`);
  fs.writeFileSync(logFile, '');
  const started = performance.now();
  const child = startProcess(process.execPath, [...nodeArguments, main], {
    cores,
    logFile,
    env: {
      STARLING_HTTP_PORT: String(httpPort),
      STARLING_MQTT_PORT: String(mqttPort),
      STARLING_WS_PORT: String(wsPort),
      STARLING_DATA_DIR: dataDir,
      STARLING_BIND_ADDRESS: LOOPBACK,
      ...env,
    },
  });
  await waitForPort(httpPort, child, startTimeoutMs);
  await waitForPort(mqttPort, child, startTimeoutMs);
  const startedInMs = performance.now() - started;
  return {
    startedInMs,
    name,
    pid: child.pid,
    httpUrl: `http://${LOOPBACK}:${httpPort}`,
    mqttPort,
    wsPort,
    logFile,
    /** Why the process ended, when it did (something else may stop a broker on a shared machine). */
    exitReason: () => exitReason(child),
    /** graceMs: how long it may take to close before it is killed (a large store takes a while on a busy machine). */
    async stop(graceMs) {
      await stopProcess(child, graceMs);
      if (givenDataDir === undefined) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function exitReason(child) {
  if (child.exitCode === null && child.signalCode === null) return undefined;
  return child.signalCode ? `stopped by ${child.signalCode}` : `exited with code ${child.exitCode}`;
}

/** What the API side sets when the broker asks for the default password to be changed first. */
export const API_BENCH_PASSWORD = 'Starling-bench-api-7421!';

async function postJson(url, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers['X-Authorization'] = `Bearer ${token}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * Signs in through the API and answers the access token. A fresh broker gives the default password
 * a token that may only change it (openapi.yaml, ErrorCode 21): the change is made here, once per
 * broker, so that every part keeps signing in through this one function.
 */
export async function signInToApi(httpUrl, { username, password } = ADMINISTRATOR) {
  const { token } = await postJson(`${httpUrl}/api/auth/login`, { username, password });
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  if (claims.passwordChangeRequired !== true) return token;
  const changed = await postJson(`${httpUrl}/api/auth/changePassword`, { currentPassword: password, newPassword: API_BENCH_PASSWORD }, token);
  return changed.token;
}
