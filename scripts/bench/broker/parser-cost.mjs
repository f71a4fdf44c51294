// What the MQTT packet parser costs in three kinds of process, each a fresh Node process parsing the
// same stream of QoS 1 publishes and their acknowledgements (mqtt-packet, the parser Aedes uses):
//
//   alone           only mqtt-packet loaded, as in bare Aedes;
//   with HTTP       Express serving a few requests first, as the bundled broker's API does, so the
//                   `debug` loggers of express, router, body-parser and finalhandler have run;
//   quiet loggers   the same, after the bundled broker's quiet-debug module (mock-broker/src/app/quiet-debug.ts).
//
// It shows, without a network or a load generator in the way, why the bundled broker quiets the
// loggers DEBUG leaves off: more loggers in the process make every disabled call in the parser cost.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { median } from '../lib/stats.mjs';
import { quietDebugUrl, root } from '../lib/workspace.mjs';

export const PARSER_MODES = [
  { id: 'alone', label: 'alone (as in bare Aedes)' },
  { id: 'with-http', label: 'with the HTTP stack\'s loggers' },
  { id: 'quiet', label: 'with the HTTP stack, quiet loggers (as in the bundled broker)' },
];

const WARM_UP_ROUNDS = 20_000;
const MEASURED_ROUNDS = 40_000;
const PACKETS_PER_ROUND = 100;

/** Runs in the child: sets the process up as `mode` asks, then parses and reports. */
async function parseInChild(mode) {
  if (mode === 'quiet') await import(quietDebugUrl);
  const { createRequire } = await import('node:module');
  const require = createRequire(path.join(root, 'mock-broker/package.json'));
  if (mode !== 'alone') {
    const express = require('express');
    const app = express();
    app.post('/echo', express.json(), (request, response) => response.json(request.body));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${server.address().port}`;
    for (let index = 0; index < 20; index += 1) {
      await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' }).then((answer) => answer.text());
      await fetch(`${base}/missing`).then((answer) => answer.text());
    }
    await new Promise((resolve) => server.close(resolve));
  }
  const mqttPacket = require('mqtt-packet');
  const { PerformanceObserver } = await import('node:perf_hooks');
  const publish = mqttPacket.generate({ cmd: 'publish', topic: 'bench/parser/1', qos: 1, messageId: 42, payload: Buffer.alloc(64) });
  const puback = mqttPacket.generate({ cmd: 'puback', messageId: 42 });
  const chunk = Buffer.concat(Array.from({ length: PACKETS_PER_ROUND / 2 }, () => [publish, puback]).flat());
  const parser = mqttPacket.parser();
  let packets = 0;
  parser.on('packet', () => (packets += 1));
  let collections = 0;
  new PerformanceObserver((list) => (collections += list.getEntries().length)).observe({ entryTypes: ['gc'] });
  for (let round = 0; round < WARM_UP_ROUNDS; round += 1) parser.parse(chunk);
  await new Promise((resolve) => setTimeout(resolve, 20));
  collections = 0;
  const before = packets;
  const start = process.hrtime.bigint();
  for (let round = 0; round < MEASURED_ROUNDS; round += 1) parser.parse(chunk);
  const elapsedNs = Number(process.hrtime.bigint() - start);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const parsed = packets - before;
  process.stdout.write(JSON.stringify({ nsPerPacket: elapsedNs / parsed, collectionsPerMillionPackets: (collections * 1e6) / parsed }));
}

function runChild(mode) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [import.meta.filename, mode], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, DEBUG: '' } });
    let output = '';
    child.stdout.on('data', (data) => (output += data));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`parser-cost ${mode} exited with ${code}`))));
  });
}

/** Each mode `repetitions` times, interleaved; medians. */
export async function measureParserCost(repetitions = 3) {
  const runs = Object.fromEntries(PARSER_MODES.map((mode) => [mode.id, []]));
  for (let repetition = 0; repetition < repetitions; repetition += 1) {
    for (const mode of PARSER_MODES) runs[mode.id].push(await runChild(mode.id));
  }
  return PARSER_MODES.map((mode) => ({
    mode: mode.id,
    label: mode.label,
    nsPerPacket: median(runs[mode.id].map((run) => run.nsPerPacket)),
    collectionsPerMillionPackets: median(runs[mode.id].map((run) => run.collectionsPerMillionPackets)),
    runs: runs[mode.id],
  }));
}

if (process.argv[1] === import.meta.filename && process.argv[2]) await parseInChild(process.argv[2]);
