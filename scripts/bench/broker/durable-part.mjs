// Durable part: what "acknowledged means stored" costs. The bundled broker as shipped (PUBACK after
// the commit that stores the message) beside the same build acknowledging before the commit (the
// behaviour before, starling-acknowledge-before-commit.mjs), in the same run: QoS 1 and QoS 2
// publishes to persistent subscribers (clean session off), each broker pinned to the broker core
// with the load generator on the others. The target is for QoS 1; QoS 2 is reported beside it.
import path from 'node:path';
import { corePlan, pinThisProcess, unpinThisProcess } from '../lib/processes.mjs';
import { table, targetVerdict } from '../lib/report.mjs';
import { startStarling } from '../lib/starling-broker.mjs';
import { format, median } from '../lib/stats.mjs';
import { LoadGenerator } from './load-generator.mjs';

/** Acknowledging QoS 1 after the commit may cost at most this share of the throughput acknowledging before it. */
const COST_TARGET_PERCENT = 15;

export const DURABLE_SCENARIOS = [
  { id: 'p2p-qos1-persistent', label: 'point-to-point, QoS 1, persistent subscribers', groups: 10, subscribers: 1, qos: 1, window: 100 },
  { id: 'p2p-qos2-persistent', label: 'point-to-point, QoS 2, persistent subscribers', groups: 10, subscribers: 1, qos: 2, window: 100 },
  { id: 'fanout-qos1-persistent', label: 'fan-out 1 → 50, QoS 1, persistent subscribers', groups: 1, subscribers: 50, qos: 1, window: 20 },
].map((scenario) => ({ ...scenario, payloadBytes: 64, persistent: true }));

const BROKERS = [
  { id: 'after-commit', label: 'acknowledging after the commit (as shipped)' },
  { id: 'before-commit', label: 'acknowledging before the commit (before)', main: path.join(import.meta.dirname, 'starling-acknowledge-before-commit.mjs') },
];

function timings(quick) {
  return quick
    ? { repetitions: 1, saturate: { warmupMs: 500, measureMs: 2500, drainMs: 2000 }, fixed: { warmupMs: 500, measureMs: 2000, drainMs: 2000 } }
    : { repetitions: 3, saturate: { warmupMs: 1000, measureMs: 8000, drainMs: 3000 }, fixed: { warmupMs: 1000, measureMs: 5000, drainMs: 3000 } };
}

function summarize(results, scenarios) {
  const of = (trials, phase, key) => median(trials.map((result) => result[phase][key]));
  return scenarios.map((scenario) => {
    const row = { scenario: scenario.id, label: scenario.label, qos: scenario.qos, brokers: {} };
    for (const { id } of BROKERS) {
      const trials = results[id][scenario.id];
      row.brokers[id] = {
        deliveredPerSecond: of(trials, 'saturation', 'deliveredPerSecond'),
        runs: trials.map((result) => result.saturation.deliveredPerSecond),
        brokerCpuPercent: of(trials, 'saturation', 'brokerCpuPercent'),
        brokerCpuMicrosPerDelivery: of(trials, 'saturation', 'brokerCpuMicrosPerDelivery'),
        otherLoadOnBrokerCorePercent: Math.max(0, of(trials, 'saturation', 'brokerCoreBusyPercent') - of(trials, 'saturation', 'brokerCpuPercent')),
        saturationLatencyP50Ms: of(trials, 'saturation', 'latencyP50Ms'),
        saturationLatencyP99Ms: of(trials, 'saturation', 'latencyP99Ms'),
        fixedRateDeliveredPerSecond: of(trials, 'fixedRate', 'deliveredPerSecond'),
        fixedRateLatencyP50Ms: of(trials, 'fixedRate', 'latencyP50Ms'),
        fixedRateLatencyP99Ms: of(trials, 'fixedRate', 'latencyP99Ms'),
        lossPercent: Math.max(...trials.flatMap((result) => [result.saturation.lossPercent, result.fixedRate.lossPercent])),
      };
    }
    // Each round ran both brokers back to back: comparing within a round cancels most of what
    // other work on the machine took from the broker core at the time.
    const rounds = results['after-commit'][scenario.id].map((after, round) => ({ after: after.saturation, before: results['before-commit'][scenario.id][round].saturation }));
    row.roundCostsPercent = rounds.map(({ before, after }) => ((before.deliveredPerSecond - after.deliveredPerSecond) / before.deliveredPerSecond) * 100);
    row.costPercent = median(row.roundCostsPercent);
    const before = row.brokers['before-commit'];
    const after = row.brokers['after-commit'];
    row.cpuCostPercent = ((after.brokerCpuMicrosPerDelivery - before.brokerCpuMicrosPerDelivery) / after.brokerCpuMicrosPerDelivery) * 100;
    return row;
  });
}

function markdown({ summary, plan, phases }) {
  const names = BROKERS.map(({ label }) => label);
  const cell = (row, render) => BROKERS.map(({ id }) => render(row.brokers[id]));
  return [
    '## How it was measured',
    '',
    `The bundled broker from its build, twice: as shipped, and with acknowledgements sent before the commit (scripts/bench/broker/starling-acknowledge-before-commit.mjs). Each pinned to core ${plan.broker}, the load generator (scripts/bench/broker/mqtt-wire.mjs) to core(s) ${plan.generator}; loopback TCP; 64-byte payloads; subscribers connect with clean session off, so every message goes through their session's queue in SQLite.`,
    `Saturation: each publisher keeps a window of messages on their way to its subscribers (point-to-point 100 per pair, fan-out 20 → 1,000 deliveries), ${phases.saturate.warmupMs / 1000} s warm-up, ${phases.saturate.measureMs / 1000} s measured. Fixed rate: ${phases.fixedRate.toLocaleString('en-US')} deliveries/s, ${phases.fixed.measureMs / 1000} s measured. Median of ${phases.repetitions}; the two brokers interleaved in each round.`,
    '',
    '## Throughput at saturation (deliveries/s, median)',
    '',
    table(
      ['scenario', ...names, 'cost of acknowledging after the commit'],
      summary.map((row) => [
        row.label,
        ...cell(row, (result) => `${format(result.deliveredPerSecond)} (runs ${result.runs.map((value) => format(value)).join(', ')}; CPU ${format(result.brokerCpuPercent, ' %')})`),
        `throughput ${format(row.costPercent, ' %')} (${row.qos === 1 ? targetVerdict(row.costPercent, COST_TARGET_PERCENT) : 'no target'}; rounds ${row.roundCostsPercent.map((cost) => format(cost, ' %')).join(', ')}) · CPU ${format(row.cpuCostPercent, ' %')}`,
      ]),
    ),
    '',
    `Target: acknowledging QoS 1 after the commit costs ≤ ${COST_TARGET_PERCENT} % of the throughput acknowledging before it. Throughput cost = (before − after) ÷ before deliveries/s in each round (the two brokers back to back), median of the rounds; CPU cost = the share of the broker's CPU per delivery that acknowledging before the commit does not spend, which is also the throughput cost of a broker that has its core to itself.`,
    '',
    table(
      ['scenario', ...names.map((name) => `${name} µs CPU/delivery`), ...names.map((name) => `other load on the broker core, ${name}`)],
      summary.map((row) => [
        row.label,
        ...cell(row, (result) => format(result.brokerCpuMicrosPerDelivery)),
        ...cell(row, (result) => format(result.otherLoadOnBrokerCorePercent, ' %')),
      ]),
    ),
    '',
    '## Latency, publish to delivery (ms, p50 / p99, median of runs)',
    '',
    table(
      ['scenario', ...names.map((name) => `${name} at saturation`), ...names.map((name) => `${name} at ${phases.fixedRate.toLocaleString('en-US')}/s`)],
      summary.map((row) => [
        row.label,
        ...cell(row, (result) => `${format(result.saturationLatencyP50Ms)} / ${format(result.saturationLatencyP99Ms)}`),
        ...cell(row, (result) => `${format(result.fixedRateLatencyP50Ms)} / ${format(result.fixedRateLatencyP99Ms)}`),
      ]),
    ),
    '',
    '## Loss (worst run, % of expected deliveries)',
    '',
    table(['scenario', ...names], summary.map((row) => [row.label, ...cell(row, (result) => format(result.lossPercent, ' %'))])),
  ].join('\n');
}

/**
 * `scenarios` (ids of DURABLE_SCENARIOS), `repetitions` and `fixedRate` (deliveries/s) narrow the
 * part, for a run about one question (qos2-latency.mjs); by default every scenario, 3 repetitions
 * (1 with `quick`), 10,000/s.
 */
export async function runDurablePart({ quick, scenarios: wanted, repetitions, fixedRate = 10_000 }) {
  const plan = corePlan();
  if (plan.shared) console.warn('Only one core: the broker and the load generator share it; numbers mean little.');
  const phases = { ...timings(quick), ...(repetitions ? { repetitions } : {}), fixedRate };
  const scenarios = (wanted ? DURABLE_SCENARIOS.filter(({ id }) => wanted.includes(id)) : DURABLE_SCENARIOS).map((scenario) => ({
    ...scenario,
    fixedRatePerGroup: fixedRate / (scenario.groups * scenario.subscribers),
  }));
  pinThisProcess(plan.generator);
  const generator = await LoadGenerator.start({ processes: plan.generatorCoreCount, cores: plan.generator, brokerCores: plan.broker });
  const brokers = [];
  try {
    for (const { id, main } of BROKERS) brokers.push({ id, ...(await startStarling({ cores: plan.broker, name: `starling-${id}`, main })) });
    const results = Object.fromEntries(BROKERS.map(({ id }) => [id, Object.fromEntries(scenarios.map((scenario) => [scenario.id, []]))]));
    for (const scenario of scenarios) {
      for (let repetition = 1; repetition <= phases.repetitions; repetition += 1) {
        // Alternate which broker goes first, so neither always meets the machine in the same state.
        const order = repetition % 2 ? brokers : [...brokers].reverse();
        for (const broker of order) {
          console.log(`  ${scenario.label}, ${BROKERS.find(({ id }) => id === broker.id).label}, run ${repetition}/${phases.repetitions}`);
          results[broker.id][scenario.id].push(await generator.trial({ ...broker, port: broker.mqttPort }, scenario, phases));
        }
      }
    }
    const summary = summarize(results, scenarios);
    return { data: { plan, phases, scenarios, summary, trials: results }, markdown: markdown({ summary, plan, phases }) };
  } finally {
    await Promise.all(brokers.map((broker) => broker.stop()));
    await generator.stop();
    unpinThisProcess();
  }
}
