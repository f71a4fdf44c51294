// Child processes the benchmarks start: pinned to cores, on free loopback ports, always stopped.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const LOOPBACK = '127.0.0.1';

export { freePort } from '../../lib.mjs';

const running = new Set();

/** Cores for the broker under test and for the load generator: the broker gets core 0, the generator the rest. */
export function corePlan() {
  const cores = os.cpus().length;
  return {
    broker: '0',
    generator: cores > 2 ? `1-${cores - 1}` : cores === 2 ? '1' : '0',
    generatorCoreCount: Math.max(1, cores - 1),
    shared: cores === 1,
  };
}

/**
 * Starts a command, pinned with taskset when `cores` is given (taskset execs the command, so the
 * pid is the command's own). Output goes to `logFile`; the process is stopped by stopAll() at the latest.
 */
export function startProcess(command, args, { cores, env, logFile, ipc = false, cwd } = {}) {
  const [file, argv] = cores === undefined ? [command, args] : ['taskset', ['-c', cores, command, ...args]];
  const log = logFile ? fs.openSync(logFile, 'a') : 'ignore';
  const child = spawn(file, argv, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ipc ? ['ignore', log, log, 'ipc'] : ['ignore', log, log],
  });
  if (typeof log === 'number') fs.closeSync(log);
  running.add(child);
  child.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  return child;
}

/** Asks a process to stop (SIGTERM), then kills it when it has not stopped within `graceMs`. */
export async function stopProcess(child, graceMs = 5000) {
  if (!running.has(child)) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
}

export async function stopAll() {
  await Promise.all([...running].map((child) => stopProcess(child)));
}

/** Stops what we started when the run is interrupted, then exits with the conventional code. */
export function stopAllOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the processes the benchmark started…`);
      for (const child of running) child.kill('SIGKILL');
      process.exit(130);
    });
  }
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

/** Resolves once something accepts TCP connections on the port; rejects when the process exits first. */
export async function waitForPort(port, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child?.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`process ${child.pid} exited before listening on port ${port}`);
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, LOOPBACK);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`nothing listened on port ${port} within ${timeoutMs} ms`);
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function temporaryDirectory(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `starling-bench-${prefix}-`));
}

/** Resident memory of a process in bytes (VmRSS). */
export function residentBytes(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

const clockTicksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU seconds a process has used so far (user + system, all its threads). */
export function cpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces; the fields after its closing parenthesis are fixed.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond;
}

/** Pins this process and its threads to the given cores (the generator's), so it leaves the broker's core alone. */
export function pinThisProcess(cores) {
  const result = spawnSync('taskset', ['-a', '-p', '-c', cores, String(process.pid)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`taskset failed: ${result.stderr}`);
}

export function unpinThisProcess() {
  pinThisProcess(`0-${os.cpus().length - 1}`);
}

/** Busy and total jiffies per core, from /proc/stat: with a process's own CPU time, tells how much other programs took. */
export function coreTimes() {
  return fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((line) => /^cpu\d+ /.test(line))
    .map((line) => {
      const [user, nice, system, idle, iowait, irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
      return { busy: user + nice + system + irq + softirq + steal, total: user + nice + system + idle + iowait + irq + softirq + steal };
    });
}

/** Busy share (0–100) of the cores in a taskset list such as "1-3" between two coreTimes() readings. */
export function busyPercent(before, after, cores) {
  const [first, last = first] = cores.split('-').map(Number);
  let busy = 0;
  let total = 0;
  for (let core = first; core <= last; core += 1) {
    busy += after[core].busy - before[core].busy;
    total += after[core].total - before[core].total;
  }
  return total ? (busy / total) * 100 * (last - first + 1) : 0;
}
