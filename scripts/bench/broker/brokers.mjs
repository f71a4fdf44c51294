// The brokers measured side by side, each pinned to the broker core on a free loopback port:
// the bundled Starling broker (its build), bare Aedes of the same version (as published, and with the
// bundled broker's quiet debug loggers), and Debian's Mosquitto.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LOOPBACK, freePort, startProcess, stopProcess, temporaryDirectory, waitForPort } from '../lib/processes.mjs';
import { exitReason, startStarling } from '../lib/starling-broker.mjs';
import { ensureScratchDir } from '../lib/workspace.mjs';

export const MOSQUITTO = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((candidate) => fs.existsSync(candidate));

/**
 * The idle-connection measurement holds up to `idleBatches` × 1,000 connections, all from the
 * loopback address, past the broker's default cap per address (STARLING_MAX_CONNECTIONS_PER_ADDRESS,
 * 1,000): the bench raises the cap for the broker it starts, and the results file says so.
 */
export const BENCH_CONNECTIONS_PER_ADDRESS = 10_000;

export async function startBundledBroker(cores, nodeArguments) {
  const env = { STARLING_MAX_CONNECTIONS_PER_ADDRESS: String(BENCH_CONNECTIONS_PER_ADDRESS) };
  const starling = await startStarling({ cores, nodeArguments, name: 'starling', env });
  return {
    id: 'starling',
    label: 'Starling (bundled broker)',
    pid: starling.pid,
    port: starling.mqttPort,
    logFile: starling.logFile,
    exitReason: starling.exitReason,
    stop: starling.stop,
  };
}

/**
 * Bare Aedes; `quietDebug`: with the bundled broker's quiet `debug` loggers loaded first, so the
 * difference to the bundled broker is its own hooks and counters alone.
 */
export async function startBareAedes(cores, nodeArguments = [], { quietDebug = false } = {}) {
  const port = await freePort();
  const id = quietDebug ? 'aedes-quiet' : 'aedes';
  const logFile = path.join(ensureScratchDir(), `${quietDebug ? 'bare-aedes-quiet' : 'bare-aedes'}.log`);
  const child = startProcess(process.execPath, [...nodeArguments, path.join(import.meta.dirname, 'bare-aedes.mjs')], {
    cores,
    env: { BENCH_MQTT_PORT: String(port), BENCH_QUIET_DEBUG: quietDebug ? '1' : '0' },
    logFile,
  });
  await waitForPort(port, child);
  return {
    id,
    label: quietDebug ? 'bare Aedes, quiet debug loggers' : 'bare Aedes',
    pid: child.pid,
    port,
    logFile,
    exitReason: () => exitReason(child),
    stop: () => stopProcess(child),
  };
}

/**
 * Mosquitto with a configuration of its own: loopback only, anonymous, no persistence, no logging;
 * the queue per client raised from 1,000 so that a fan-out burst is not dropped by configuration
 * (Aedes has no such limit). Running as root, Mosquitto drops to its own user after reading it.
 */
export async function startMosquitto(cores, binary = MOSQUITTO) {
  if (!binary) return undefined;
  const port = await freePort();
  const directory = temporaryDirectory('mosquitto');
  fs.chmodSync(directory, 0o755);
  const config = path.join(directory, 'mosquitto.conf');
  fs.writeFileSync(
    config,
    [`listener ${port} ${LOOPBACK}`, 'allow_anonymous true', 'persistence false', 'log_dest none', 'max_queued_messages 100000', ''].join('\n'),
  );
  fs.chmodSync(config, 0o644);
  const logFile = path.join(ensureScratchDir(), 'mosquitto.log');
  const child = startProcess(binary, ['-c', config], { cores, logFile });
  await waitForPort(port, child);
  return {
    id: 'mosquitto',
    label: 'Mosquitto',
    pid: child.pid,
    port,
    logFile,
    exitReason: () => exitReason(child),
    async stop() {
      await stopProcess(child);
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Installs Debian's mosquitto when it is missing and we may (root or passwordless sudo). */
export function ensureMosquitto() {
  if (MOSQUITTO) return MOSQUITTO;
  const asRoot = process.getuid?.() === 0;
  const prefix = asRoot ? [] : ['sudo', '-n'];
  if (!asRoot && spawnSync('sudo', ['-n', 'true']).status !== 0) return undefined;
  console.log("Installing Debian's mosquitto for the side-by-side comparison…");
  const apt = (args) => spawnSync(prefix[0] ?? 'apt-get', [...prefix.slice(1), ...(prefix.length ? ['apt-get'] : []), ...args], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', '--no-install-recommends', 'mosquitto']);
  return ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((candidate) => fs.existsSync(candidate));
}
