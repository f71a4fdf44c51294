// Drives the load-generator processes (load-worker.mjs), pinned to the generator's cores, and
// merges what they measured.
import path from 'node:path';
import { busyPercent, coreTimes, cpuSeconds, startProcess, stopProcess } from '../lib/processes.mjs';
import { LatencyHistogram } from '../lib/stats.mjs';
import { ensureScratchDir } from '../lib/workspace.mjs';

const WORKER = path.join(import.meta.dirname, 'load-worker.mjs');

class Worker {
  constructor(child) {
    this.child = child;
    this.pending = new Map();
    this.nextId = 1;
    this.listeners = new Set();
    child.on('message', (message) => {
      if (message.type === 'reply') {
        const { resolve, reject } = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) reject(new Error(`load generator ${child.pid}: ${message.error}`));
        else resolve(message.result);
      } else {
        for (const listener of this.listeners) listener(message);
      }
    });
    child.exited.then(({ code }) => {
      for (const { reject } of this.pending.values()) reject(new Error(`load generator ${child.pid} exited (${code})`));
    });
  }

  request(command, options) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, command, options });
    });
  }

  once(type) {
    return new Promise((resolve) => {
      const listener = (message) => {
        if (message.type !== type) return;
        this.listeners.delete(listener);
        resolve(message);
      };
      this.listeners.add(listener);
    });
  }
}

export class LoadGenerator {
  constructor(workers) {
    this.workers = workers;
    this.runCount = 0;
  }

  static async start({ processes, cores, brokerCores }) {
    const logFile = path.join(ensureScratchDir(), 'load-generator.log');
    const workers = [];
    for (let index = 0; index < processes; index += 1) {
      const worker = new Worker(startProcess(process.execPath, [WORKER], { cores, ipc: true, logFile }));
      await worker.once('started');
      workers.push(worker);
    }
    const generator = new LoadGenerator(workers);
    generator.cores = { generator: cores, broker: brokerCores };
    return generator;
  }

  get pids() {
    return this.workers.map((worker) => worker.child.pid);
  }

  /**
   * Connects a scenario's clients: `groups` groups of one publisher and `subscribers` subscribers
   * on the group's own topic, dealt to the worker processes whole.
   */
  async setup(port, scenario) {
    this.runCount += 1;
    const runId = `bench${process.pid}r${this.runCount}`;
    const groups = Array.from({ length: scenario.groups }, (_, index) => ({
      index,
      topic: `bench/${scenario.id}/${index}`,
      subscribers: scenario.subscribers,
      qos: scenario.qos,
      window: scenario.window,
      payloadBytes: scenario.payloadBytes,
      persistent: scenario.persistent ?? false,
    }));
    await Promise.all(
      this.workers.map((worker, workerIndex) =>
        worker.request('setup', {
          host: '127.0.0.1',
          port,
          runId: `${runId}w${workerIndex}`,
          groups: groups.filter((group) => group.index % this.workers.length === workerIndex),
        }),
      ),
    );
    this.groupsPerWorker = this.workers.map((_, workerIndex) => groups.filter((group) => group.index % this.workers.length === workerIndex).length);
  }

  /**
   * One phase: warm-up, measurement, drain. CPU time of the broker (brokerPid) and of the generator
   * is read at the edges of the measurement, so each run says which side was the bottleneck.
   */
  async run(brokerPid, { mode, ratePerGroup, warmupMs, measureMs, drainMs }) {
    const active = this.workers.filter((_, index) => this.groupsPerWorker[index] > 0);
    const first = active[0];
    const cpuAt = () => ({
      time: performance.now(),
      broker: cpuSeconds(brokerPid),
      generator: this.pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
      cores: coreTimes(),
    });
    let start;
    let end;
    first.once('measure-start').then(() => (start = cpuAt()));
    first.once('measure-end').then(() => (end = cpuAt()));
    const results = await Promise.all(active.map((worker) => worker.request('run', { mode, ratePerGroup, warmupMs, measureMs, drainMs })));
    const histogram = new LatencyHistogram();
    for (const result of results) histogram.merge(LatencyHistogram.fromJSON(result.histogram));
    const sum = (key) => results.reduce((total, result) => total + result[key], 0);
    const seconds = Math.max(...results.map((result) => result.measuredMs)) / 1000;
    const elapsed = (end.time - start.time) / 1000;
    return {
      publishedPerSecond: sum('windowSent') / seconds,
      deliveredPerSecond: sum('windowReceived') / seconds,
      latencyP50Ms: histogram.percentileMs(50),
      latencyP99Ms: histogram.percentileMs(99),
      lossPercent: sum('expected') ? (Math.max(0, sum('expected') - sum('received')) / sum('expected')) * 100 : 0,
      sent: sum('sent'),
      expected: sum('expected'),
      received: sum('received'),
      stalls: sum('stalls'),
      brokerCpuPercent: ((end.broker - start.broker) / elapsed) * 100,
      generatorCpuPercent: ((end.generator - start.generator) / elapsed) * 100,
      brokerCpuMicrosPerDelivery: ((end.broker - start.broker) * 1e6) / Math.max(1, sum('windowReceived')),
      generatorCpuMicrosPerDelivery: ((end.generator - start.generator) * 1e6) / Math.max(1, sum('windowReceived')),
      // Whole-core busy shares: what other programs took is this minus the broker's (or generator's) own.
      brokerCoreBusyPercent: busyPercent(start.cores, end.cores, this.cores.broker),
      generatorCoresBusyPercent: busyPercent(start.cores, end.cores, this.cores.generator),
    };
  }

  /**
   * One round of a scenario against a broker: a saturation run, then a fixed-rate run, on clients
   * set up for it and closed after, whatever happens. A broker that died is named in the error.
   */
  async trial({ name, port, pid, exitReason, logFile }, scenario, phases) {
    try {
      await this.setup(port, scenario);
      const saturation = await this.run(pid, { mode: 'saturate', ...phases.saturate });
      const fixedRate = await this.run(pid, { mode: 'rate', ratePerGroup: scenario.fixedRatePerGroup, ...phases.fixed });
      return { saturation, fixedRate };
    } catch (error) {
      const reason = exitReason();
      throw reason ? new Error(`${name} ${reason} during the run (log: ${logFile})`, { cause: error }) : error;
    } finally {
      await this.closeAll();
    }
  }

  async openIdle(port, count) {
    this.runCount += 1;
    const perWorker = Math.ceil(count / this.workers.length);
    await Promise.all(
      this.workers.map((worker, index) =>
        worker.request('openIdle', { host: '127.0.0.1', port, runId: `bench${process.pid}r${this.runCount}w${index}`, count: Math.min(perWorker, count - index * perWorker) }),
      ),
    );
  }

  async closeAll() {
    await Promise.all(this.workers.map((worker) => worker.request('closeAll')));
  }

  async stop() {
    await Promise.all(this.workers.map((worker) => stopProcess(worker.child)));
  }
}
