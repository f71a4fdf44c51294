// A real Apache Kafka node for the Kafka tests and for trying things by hand: one JVM that is both
// broker and KRaft controller (node 1), on free loopback ports, its configuration, data and log in a
// folder of its own. Sized for a small machine: one partition for each internal topic, 1 MiB
// segments, a heap of 384 MiB, and no delay before a consumer group's first rebalance.
//
//   startKafka({ dataDir?, port? }) → { bootstrap: '127.0.0.1:<port>', version, dataDir, stop() }
//
// Run alone (`node scripts/kafka/kafka-server.mjs [--port N] [--data-dir DIR]`) it starts one, prints
// its bootstrap address and serves until Ctrl+C.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { log, steadyPorts } from '../lib.mjs';
import { ensureKafka } from './kafka-install.mjs';
import { brokerCount } from './kafka-probe.mjs';

const HOST = '127.0.0.1';
// Serial GC and the client compiler only: a quick start and little CPU on two cores.
const JVM_OPTIONS = ['-Xms64m', '-Xmx384m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-XX:-UsePerfData', '-Djava.awt.headless=true'];
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;
const LOG_TAIL_LINES = 40;

function serverProperties({ port, controllerPort, logDir }) {
  const settings = {
    'process.roles': 'broker,controller',
    'node.id': 1,
    'controller.quorum.voters': `1@${HOST}:${controllerPort}`,
    listeners: `PLAINTEXT://${HOST}:${port},CONTROLLER://${HOST}:${controllerPort}`,
    'advertised.listeners': `PLAINTEXT://${HOST}:${port}`,
    'listener.security.protocol.map': 'PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'PLAINTEXT',
    'log.dirs': logDir,
    'num.partitions': 1,
    'default.replication.factor': 1,
    'offsets.topic.replication.factor': 1,
    'offsets.topic.num.partitions': 1,
    'transaction.state.log.replication.factor': 1,
    'transaction.state.log.min.isr': 1,
    'transaction.state.log.num.partitions': 1,
    'share.coordinator.state.topic.replication.factor': 1,
    'share.coordinator.state.topic.min.isr': 1,
    'share.coordinator.state.topic.num.partitions': 1,
    'group.initial.rebalance.delay.ms': 0,
    'log.segment.bytes': 1024 * 1024,
    'num.network.threads': 2,
    'num.io.threads': 2,
    'background.threads': 2,
    'num.recovery.threads.per.data.dir': 1,
  };
  return Object.entries(settings).map(([key, value]) => `${key}=${value}\n`).join('');
}

/** Kafka's own logging goes to one file in the node's folder; the console stays quiet. */
function logConfiguration(logFile) {
  return [
    'appender.file.type=File',
    'appender.file.name=file',
    `appender.file.fileName=${logFile}`,
    'appender.file.layout.type=PatternLayout',
    'appender.file.layout.pattern=[%d] %p %m (%c)%n',
    'rootLogger.level=INFO',
    'rootLogger.appenderRef.file.ref=file',
    '',
  ].join('\n');
}

/** The last lines of the node's log files, to say why it did not start. */
function logTail(files) {
  return files
    .filter((file) => fs.existsSync(file) && fs.statSync(file).size > 0)
    .map((file) => `── ${file}\n${fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-LOG_TAIL_LINES).join('\n')}`)
    .join('\n');
}

/** Starts a JVM on Kafka's class path with its output appended to outputFile. */
function java(kafka, configurationFile, outputFile, mainClass, args) {
  const output = fs.openSync(outputFile, 'a');
  const child = spawn(kafka.java, [...JVM_OPTIONS, `-Dlog4j2.configurationFile=${configurationFile}`, '-cp', kafka.classpath, mainClass, ...args], { stdio: ['ignore', output, output] });
  fs.closeSync(output);
  return child;
}

/** Resolves, never rejects, when the process has ended, with how: its exit code, signal, or why it did not start. */
function exitOf(child) {
  return new Promise((resolve) => {
    child.once('error', (error) => resolve(`could not run java: ${error.message}`));
    child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`));
  });
}

/** Writes the storage format (cluster id, bootstrap metadata) unless the folder already holds a node's data. */
async function formatStorage(kafka, files) {
  if (fs.existsSync(path.join(files.logDir, 'meta.properties'))) return;
  // A cluster id is 16 random bytes in URL-safe base64, as Kafka's own "random-uuid" makes them. It
  // may begin with "-", so it is given as --cluster-id=…, not as an argument of its own.
  const clusterId = randomBytes(16).toString('base64url');
  const ended = await exitOf(java(kafka, files.logConfiguration, files.output, 'kafka.tools.StorageTool', ['format', `--cluster-id=${clusterId}`, '--config', files.properties]));
  if (ended !== 'exit code 0') throw new Error(`Kafka's storage format failed (${ended})`);
}

/** Resolves once the node answers as a broker; rejects when it exits first or the time is up. */
async function waitUntilReady(port, exited) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let stopped;
  exited.then((ended) => (stopped = `Kafka ended during start-up (${ended})`));
  for (;;) {
    if (stopped) throw new Error(stopped);
    if (Date.now() > deadline) throw new Error(`Kafka did not answer on ${HOST}:${port} within ${START_TIMEOUT_MS / 1000} s`);
    try {
      if ((await brokerCount(HOST, port)) > 0) return;
    } catch {
      // Not listening yet, or not yet a broker of its cluster: ask again.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Stops the JVM: SIGTERM for Kafka's orderly shutdown, SIGKILL when that takes too long. */
async function stopProcess(child, exited) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts a Kafka node. dataDir: the node's folder, kept after stop() (a formatted one is started
 * again with its topics); by default a new temporary folder, removed by stop(). port: the client
 * listener's port, by default a free one.
 */
export async function startKafka({ dataDir, port } = {}) {
  const kafka = await ensureKafka();
  const ownFolder = dataDir === undefined;
  const folder = ownFolder ? fs.mkdtempSync(path.join(os.tmpdir(), 'starling-kafka-')) : path.resolve(dataDir);
  fs.mkdirSync(folder, { recursive: true });
  const files = {
    properties: path.join(folder, 'server.properties'),
    logConfiguration: path.join(folder, 'log4j2.properties'),
    log: path.join(folder, 'kafka.log'),
    output: path.join(folder, 'kafka.out'),
    logDir: path.join(folder, 'data'),
  };
  const removeFolder = () => ownFolder && fs.rmSync(folder, { recursive: true, force: true });
  let child;
  let exited;
  const killOnExit = () => child?.kill('SIGKILL');
  try {
    // The JVM opens its ports seconds after they are chosen: ports no outgoing socket is handed meanwhile.
    const [clientPort, controllerPort] = port ? [port, ...(await steadyPorts(1))] : await steadyPorts(2);
    fs.writeFileSync(files.properties, serverProperties({ port: clientPort, controllerPort, logDir: files.logDir }));
    fs.writeFileSync(files.logConfiguration, logConfiguration(files.log));
    await formatStorage(kafka, files);
    child = java(kafka, files.logConfiguration, files.output, 'kafka.Kafka', [files.properties]);
    exited = exitOf(child);
    // A test run that ends without stop() (a crash, process.exit) leaves no JVM behind.
    process.once('exit', killOnExit);
    await waitUntilReady(clientPort, exited);
    let stopping;
    const stop = () => {
      stopping ??= stopProcess(child, exited).then(() => {
        process.off('exit', killOnExit);
        removeFolder();
      });
      return stopping;
    };
    return { bootstrap: `${HOST}:${clientPort}`, version: kafka.version, dataDir: folder, stop };
  } catch (error) {
    const tail = logTail([files.output, files.log]);
    if (child) await stopProcess(child, exited);
    process.off('exit', killOnExit);
    removeFolder();
    throw new Error(`${error.message}${tail ? `\n${tail}` : ''}`, { cause: error });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { port: { type: 'string' }, 'data-dir': { type: 'string' } } });
  const started = Date.now();
  const node = await startKafka({ dataDir: values['data-dir'], port: values.port === undefined ? undefined : Number(values.port) });
  log(`Kafka ${node.version} started in ${((Date.now() - started) / 1000).toFixed(1)} s, files in ${node.dataDir}. Ctrl+C stops it.`);
  console.log(node.bootstrap);
  const stop = () => node.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
