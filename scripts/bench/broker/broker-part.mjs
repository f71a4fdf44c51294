// Broker part: the bundled broker, bare Aedes of the same version and Mosquitto measured in the
// same run, each pinned to the broker core with the load generator on the others: throughput
// (median of 3), latency, loss, and resident memory per idle connection.
import fs from 'node:fs';
import path from 'node:path';
import { profileMarkdown, summarizeProfile } from '../lib/cpu-profile.mjs';
import { corePlan, pinThisProcess, residentBytes, sleep, unpinThisProcess } from '../lib/processes.mjs';
import { table, targetVerdict } from '../lib/report.mjs';
import { format, median } from '../lib/stats.mjs';
import { ensureScratchDir } from '../lib/workspace.mjs';
import { BENCH_CONNECTIONS_PER_ADDRESS, ensureMosquitto, startBareAedes, startBundledBroker, startMosquitto } from './brokers.mjs';
import { LoadGenerator } from './load-generator.mjs';
import { measureParserCost } from './parser-cost.mjs';

const PAYLOAD_BYTES = 64;
/** The bundled broker's hooks and counters may cost at most this share of bare Aedes' throughput. */
const OVERHEAD_TARGET_PERCENT = 10;

/**
 * Point-to-point: 10 publisher → subscriber pairs on topics of their own. Fan-out: 1 publisher, 50
 * subscribers on its topic. `window`: messages a publisher keeps on their way at saturation.
 * `fixedRatePerGroup`: the latency phase's publish rate, 10,000 deliveries/s in every scenario.
 */
export const SCENARIOS = [
  { id: 'p2p-qos0', label: 'point-to-point, QoS 0', groups: 10, subscribers: 1, qos: 0, window: 100, fixedRatePerGroup: 1000 },
  { id: 'p2p-qos1', label: 'point-to-point, QoS 1', groups: 10, subscribers: 1, qos: 1, window: 100, fixedRatePerGroup: 1000 },
  { id: 'fanout-qos0', label: 'fan-out 1 → 50, QoS 0', groups: 1, subscribers: 50, qos: 0, window: 20, fixedRatePerGroup: 200 },
  { id: 'fanout-qos1', label: 'fan-out 1 → 50, QoS 1', groups: 1, subscribers: 50, qos: 1, window: 20, fixedRatePerGroup: 200 },
].map((scenario) => ({ ...scenario, payloadBytes: PAYLOAD_BYTES }));

function timings(quick) {
  return quick
    ? { repetitions: 1, idleBatches: 1, saturate: { warmupMs: 500, measureMs: 2500, drainMs: 2000 }, fixed: { warmupMs: 500, measureMs: 2000, drainMs: 2000 } }
    : { repetitions: 3, idleBatches: 3, saturate: { warmupMs: 1000, measureMs: 8000, drainMs: 3000 }, fixed: { warmupMs: 1000, measureMs: 5000, drainMs: 3000 } };
}

const IDLE_BATCH = 1000;

/** RSS growth per idle connection: batches of 1,000 connected clients (keep-alive 60 s, no subscription). */
async function measureIdleConnections(generator, broker, batches) {
  await sleep(1000);
  const readings = [residentBytes(broker.pid)];
  for (let batch = 0; batch < batches; batch += 1) {
    await generator.openIdle(broker.port, IDLE_BATCH);
    await sleep(2000);
    readings.push(residentBytes(broker.pid));
  }
  await generator.closeAll();
  const perConnection = readings.slice(1).map((reading, index) => (reading - readings[index]) / IDLE_BATCH);
  return { rssBeforeBytes: readings[0], readings, perConnectionBytes: perConnection, medianBytes: median(perConnection) };
}

function medianOf(trials, phase, key) {
  return median(trials.map((result) => result[phase][key]));
}

/**
 * The generator's own cost per delivered message, measured against Mosquitto (the fastest broker,
 * so the generator works hardest), gives the rate the generator could drive on its cores; a broker
 * whose throughput comes near it was measured against the generator, not against itself.
 */
function generatorCheck(results, plan, scenarios) {
  return scenarios.map((scenario) => {
    const mosquitto = results.mosquitto?.[scenario.id];
    const reference = mosquitto ?? results.aedes?.[scenario.id];
    const costMicros = medianOf(reference, 'saturation', 'generatorCpuMicrosPerDelivery');
    const capacity = (plan.generatorCoreCount * 1e6) / costMicros;
    return {
      scenario: scenario.id,
      reference: mosquitto ? 'mosquitto' : 'aedes',
      referenceDeliveredPerSecond: medianOf(reference, 'saturation', 'deliveredPerSecond'),
      generatorCpuPercent: medianOf(reference, 'saturation', 'generatorCpuPercent'),
      generatorCoresBusyPercent: medianOf(reference, 'saturation', 'generatorCoresBusyPercent'),
      brokerCpuPercent: medianOf(reference, 'saturation', 'brokerCpuPercent'),
      brokerCoreBusyPercent: medianOf(reference, 'saturation', 'brokerCoreBusyPercent'),
      generatorMicrosPerDelivery: costMicros,
      generatorCapacityPerSecond: capacity,
    };
  });
}

/**
 * What the bundled broker is compared with: bare Aedes as published, and bare Aedes with the
 * bundled broker's quiet debug loggers (the hooks and counters alone; see parser-cost.mjs).
 */
const BASELINES = [
  { id: 'aedes', label: 'bare Aedes' },
  { id: 'aedes-quiet', label: 'bare Aedes, quiet debug loggers (hooks and counters alone)' },
];

/**
 * Throughput cost = (baseline − Starling) ÷ baseline deliveries/s. CPU cost = the share of Starling's
 * CPU per delivery that the baseline does not spend: the throughput lost at equal CPU, which does
 * not depend on how much of its core a busy machine left each broker.
 */
function costAgainst(starling, baseline) {
  if (!starling || !baseline) return undefined;
  return {
    throughputPercent: ((baseline.deliveredPerSecond - starling.deliveredPerSecond) / baseline.deliveredPerSecond) * 100,
    cpuPercent: ((starling.brokerCpuMicrosPerDelivery - baseline.brokerCpuMicrosPerDelivery) / starling.brokerCpuMicrosPerDelivery) * 100,
  };
}

function summarizeResults(brokers, results, checks, scenarios) {
  return scenarios.map((scenario) => {
    const row = { scenario: scenario.id, label: scenario.label, brokers: {} };
    const capacity = checks.find((check) => check.scenario === scenario.id).generatorCapacityPerSecond;
    for (const broker of brokers) {
      const trials = results[broker.id][scenario.id];
      const delivered = medianOf(trials, 'saturation', 'deliveredPerSecond');
      row.brokers[broker.id] = {
        deliveredPerSecond: delivered,
        publishedPerSecond: medianOf(trials, 'saturation', 'publishedPerSecond'),
        saturationLatencyP50Ms: medianOf(trials, 'saturation', 'latencyP50Ms'),
        saturationLatencyP99Ms: medianOf(trials, 'saturation', 'latencyP99Ms'),
        fixedRateDeliveredPerSecond: medianOf(trials, 'fixedRate', 'deliveredPerSecond'),
        fixedRateLatencyP50Ms: medianOf(trials, 'fixedRate', 'latencyP50Ms'),
        fixedRateLatencyP99Ms: medianOf(trials, 'fixedRate', 'latencyP99Ms'),
        lossPercent: Math.max(...trials.flatMap((result) => [result.saturation.lossPercent, result.fixedRate.lossPercent])),
        brokerCpuPercent: medianOf(trials, 'saturation', 'brokerCpuPercent'),
        brokerCpuMicrosPerDelivery: medianOf(trials, 'saturation', 'brokerCpuMicrosPerDelivery'),
        otherLoadOnBrokerCorePercent: Math.max(0, medianOf(trials, 'saturation', 'brokerCoreBusyPercent') - medianOf(trials, 'saturation', 'brokerCpuPercent')),
        generatorHeadroom: capacity / delivered,
      };
    }
    row.starlingCost = Object.fromEntries(BASELINES.map(({ id }) => [id, costAgainst(row.brokers.starling, row.brokers[id])]));
    return row;
  });
}

function costCell(percent) {
  return percent === undefined ? '–' : `${format(percent, ' %')} (${targetVerdict(percent, OVERHEAD_TARGET_PERCENT)})`;
}

function costCells(cost) {
  return cost ? `throughput ${costCell(cost.throughputPercent)} · CPU ${costCell(cost.cpuPercent)}` : '–';
}

function markdown({ brokers, summary, checks, idle, parser, plan, phases, profiles }) {
  const names = brokers.map((broker) => broker.label);
  const cell = (row, id, render) => (row.brokers[id] ? render(row.brokers[id]) : '–');
  const sections = [
    '## How it was measured',
    '',
    `Brokers pinned to core ${plan.broker}, the load generator (${plan.generatorCoreCount} process${plan.generatorCoreCount > 1 ? 'es' : ''}, scripts/bench/broker/mqtt-wire.mjs) to core(s) ${plan.generator}; loopback TCP; ${PAYLOAD_BYTES}-byte payloads.`,
    `The bundled broker runs with its defaults except STARLING_MAX_CONNECTIONS_PER_ADDRESS=${BENCH_CONNECTIONS_PER_ADDRESS.toLocaleString('en-US')} (default 1,000): the idle-connection measurement holds ${(phases.idleBatches * IDLE_BATCH).toLocaleString('en-US')} connections from the loopback address; the throughput scenarios open at most 51.`,
    `Saturation: each publisher keeps a window of messages on their way (point-to-point 100 per pair, fan-out 20 → 1,000 deliveries), ${phases.saturate.warmupMs / 1000} s warm-up, ${phases.saturate.measureMs / 1000} s measured. Fixed rate: 10,000 deliveries/s, ${phases.fixed.measureMs / 1000} s measured. Median of ${phases.repetitions}; brokers interleaved per repetition. Latency: publish to delivery, from a timestamp in the payload.`,
    '',
    '## Load generator check (against Mosquitto first)',
    '',
    table(
      ['scenario', 'reference msg/s', 'generator CPU', 'generator core(s) busy', 'broker CPU', 'broker core busy', 'generator µs/delivery', 'generator capacity msg/s'],
      checks.map((check) => [
        check.scenario,
        `${format(check.referenceDeliveredPerSecond)} (${check.reference})`,
        format(check.generatorCpuPercent, ' %'),
        format(check.generatorCoresBusyPercent, ' %'),
        format(check.brokerCpuPercent, ' %'),
        format(check.brokerCoreBusyPercent, ' %'),
        format(check.generatorMicrosPerDelivery),
        format(check.generatorCapacityPerSecond),
      ]),
    ),
    '',
    'Capacity: the deliveries per second the generator could drive on its cores at the measured CPU cost per delivery. A broker whose throughput stays well under it was the bottleneck; "headroom" below is capacity ÷ throughput (under 1.25 means the number is a lower bound set by the generator). "Core busy" above the process\'s own CPU is other programs on that core.',
    '',
    '## Throughput at saturation (deliveries/s, median)',
    '',
    table(
      ['scenario', ...names, ...BASELINES.map(({ label }) => `Starling cost vs ${label}`)],
      summary.map((row) => [
        row.label,
        ...brokers.map((broker) =>
          cell(row, broker.id, (result) => `${format(result.deliveredPerSecond)} (CPU ${format(result.brokerCpuPercent, ' %')}, headroom ${format(result.generatorHeadroom)}×)`),
        ),
        ...BASELINES.map(({ id }) => costCells(row.starlingCost[id])),
      ]),
    ),
    '',
    `Target: the bundled broker's hooks and counters cost ≤ ${OVERHEAD_TARGET_PERCENT} % of bare Aedes' throughput. Throughput cost = (baseline − Starling) ÷ baseline deliveries/s; CPU cost = the share of Starling's broker CPU per delivery that the baseline does not spend (the throughput lost at equal CPU). On a busy machine the CPU figure is the steadier one: it does not depend on how much of its core other programs left each broker. Against bare Aedes as published, Starling gains what its quiet debug loggers save (below); against bare Aedes with the same loggers, what is left is the cost of the hooks and counters alone.`,
    '',
    table(
      ['scenario', ...names.map((name) => `${name} µs CPU/delivery`), ...names.map((name) => `other load on the broker core, ${name}`)],
      summary.map((row) => [
        row.label,
        ...brokers.map((broker) => cell(row, broker.id, (result) => format(result.brokerCpuMicrosPerDelivery))),
        ...brokers.map((broker) => cell(row, broker.id, (result) => format(result.otherLoadOnBrokerCorePercent, ' %'))),
      ]),
    ),
    '',
    '## Latency (ms, p50 / p99, median of runs)',
    '',
    table(
      ['scenario', ...names.map((name) => `${name} at saturation`), ...names.map((name) => `${name} at 10,000/s`)],
      summary.map((row) => [
        row.label,
        ...brokers.map((broker) => cell(row, broker.id, (result) => `${format(result.saturationLatencyP50Ms)} / ${format(result.saturationLatencyP99Ms)}`)),
        ...brokers.map((broker) => cell(row, broker.id, (result) => `${format(result.fixedRateLatencyP50Ms)} / ${format(result.fixedRateLatencyP99Ms)}`)),
      ]),
    ),
    '',
    '## Loss (worst run, % of expected deliveries)',
    '',
    table(
      ['scenario', ...names],
      summary.map((row) => [row.label, ...brokers.map((broker) => cell(row, broker.id, (result) => format(result.lossPercent, ' %')))]),
    ),
    '',
    `## Memory per idle connection (RSS growth per ${IDLE_BATCH.toLocaleString('en-US')} connections ÷ ${IDLE_BATCH.toLocaleString('en-US')}, median)`,
    '',
    table(
      ['broker', 'RSS before', 'per idle connection', 'batches'],
      brokers.map((broker) => {
        const result = idle[broker.id];
        return [
          broker.label,
          `${format(result.rssBeforeBytes / 2 ** 20)} MiB`,
          `${format(result.medianBytes / 1024)} KiB`,
          result.perConnectionBytes.map((bytes) => `${format(bytes / 1024)} KiB`).join(', '),
        ];
      }),
    ),
  ];
  const alone = parser.find((row) => row.mode === 'alone');
  sections.push(
    '',
    '## The packet parser beside the HTTP stack (scripts/bench/broker/parser-cost.mjs)',
    '',
    `mqtt-packet parsing QoS 1 publishes and their acknowledgements in a fresh Node process, median of ${phases.repetitions}. The \`debug\` loggers of express, router, body-parser and finalhandler make the one function behind every logger megamorphic, and the parser's disabled \`debug()\` calls stop compiling away; the bundled broker gives namespaces that DEBUG leaves off a quiet logger (mock-broker/src/app/quiet-debug.ts).`,
    '',
    table(
      ['process', 'ns per packet', 'garbage collections per million packets', 'vs alone'],
      parser.map((row) => [row.label, format(row.nsPerPacket), format(row.collectionsPerMillionPackets), format(((row.nsPerPacket - alone.nsPerPacket) / alone.nsPerPacket) * 100, ' %')]),
    ),
  );
  if (profiles) {
    sections.push('', '## CPU profiles of the Node brokers (whole run)', '');
    for (const [name, summaryOfProfile] of Object.entries(profiles)) sections.push(profileMarkdown(name, summaryOfProfile), '');
  }
  return sections.join('\n');
}

function collectProfiles(directory) {
  const profiles = {};
  for (const file of fs.readdirSync(directory).filter((name) => name.endsWith('.cpuprofile'))) {
    profiles[file.replace('.cpuprofile', '')] = summarizeProfile(JSON.parse(fs.readFileSync(path.join(directory, file), 'utf8')), 12);
  }
  return profiles;
}

/** The scenarios to run: all, or those whose ids are given (`--scenario p2p-qos0,fanout-qos1`). */
function chosenScenarios(ids) {
  if (ids === undefined) return SCENARIOS;
  const wanted = ids.split(',').map((id) => id.trim());
  const unknown = wanted.filter((id) => !SCENARIOS.some((scenario) => scenario.id === id));
  if (unknown.length > 0) throw new Error(`unknown scenario ${unknown.join(', ')}: one of ${SCENARIOS.map((scenario) => scenario.id).join(', ')}`);
  return SCENARIOS.filter((scenario) => wanted.includes(scenario.id));
}

export async function runBrokerPart({ quick, profile, scenario }) {
  const scenarios = chosenScenarios(scenario);
  const plan = corePlan();
  if (plan.shared) console.warn('Only one core: the broker and the load generator share it; numbers mean little.');
  const phases = timings(quick);
  pinThisProcess(plan.generator);
  const profileDirectory = profile ? fs.mkdtempSync(path.join(ensureScratchDir(), 'broker-profiles-')) : undefined;
  const profileArguments = (name) => (profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDirectory}`, `--cpu-prof-name=${name}.cpuprofile`] : []);
  const mosquittoBinary = ensureMosquitto();
  const generator = await LoadGenerator.start({ processes: plan.generatorCoreCount, cores: plan.generator, brokerCores: plan.broker });
  const brokers = [];
  try {
    brokers.push(await startBundledBroker(plan.broker, profileArguments('starling')));
    brokers.push(await startBareAedes(plan.broker, profileArguments('bare-aedes')));
    brokers.push(await startBareAedes(plan.broker, profileArguments('bare-aedes-quiet'), { quietDebug: true }));
    const mosquitto = await startMosquitto(plan.broker, mosquittoBinary);
    if (mosquitto) brokers.push(mosquitto);
    else console.warn('Mosquitto is not installed (apt-get install -y mosquitto): measuring without it.');

    const idle = {};
    for (const broker of brokers) {
      console.log(`  idle connections: ${broker.label}`);
      idle[broker.id] = await measureIdleConnections(generator, broker, phases.idleBatches);
    }
    // Mosquitto first in every round: its runs are the generator check.
    const order = [...brokers].sort((a, b) => (a.id === 'mosquitto' ? -1 : b.id === 'mosquitto' ? 1 : 0));
    const results = Object.fromEntries(brokers.map((broker) => [broker.id, Object.fromEntries(scenarios.map((scenario) => [scenario.id, []]))]));
    for (const scenario of scenarios) {
      for (let repetition = 1; repetition <= phases.repetitions; repetition += 1) {
        for (const broker of order) {
          console.log(`  ${scenario.label}, ${broker.label}, run ${repetition}/${phases.repetitions}`);
          results[broker.id][scenario.id].push(await generator.trial({ ...broker, name: broker.label }, scenario, phases));
        }
      }
    }
    // Stopped before reading profiles: a Node broker writes its profile when it exits.
    const measured = [...brokers];
    for (const broker of measured) await broker.stop();
    brokers.length = 0;
    const profiles = profile ? collectProfiles(profileDirectory) : undefined;

    console.log('  packet parser: alone, beside the HTTP stack, with quiet loggers');
    const parser = await measureParserCost(phases.repetitions);

    const checks = generatorCheck(results, plan, scenarios);
    const summary = summarizeResults(measured, results, checks, scenarios);
    return {
      data: { plan, phases, scenarios, bundledBrokerEnvironment: { STARLING_MAX_CONNECTIONS_PER_ADDRESS: BENCH_CONNECTIONS_PER_ADDRESS }, idle, generatorCheck: checks, summary, parser, trials: results, profiles },
      markdown: markdown({ brokers: measured, summary, checks, idle, parser, plan, phases, profiles }),
    };
  } finally {
    await Promise.all(brokers.map((broker) => broker.stop()));
    await generator.stop();
    unpinThisProcess();
  }
}
