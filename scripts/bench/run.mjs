// npm run bench: builds if needed, then measures the console, the bundled broker side by side with
// bare Aedes and Mosquitto, what acknowledging after the commit costs, the sessions list and the
// retained messages API, and the monitoring time series; writes results/<date>-<part>.md and .json.
// Flags: --console --broker --durable --sessions --retained --monitoring --app-shared --integrations (default: all), --quick (short smoke run), --profile (CPU profiles);
// for --sessions: --million (1,000,000 sessions) or --sessions-count N, --sessions-created N (created through MQTT, the rest copied in the stopped broker's file), --broker-main <file> (another build), --result <name>;
// for --broker: --scenario p2p-qos0,fanout-qos1 runs only those throughput scenarios; --skip-build measures the builds as they are.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from '../build.mjs';
import { runAppSharedPart } from './app-shared/app-shared-part.mjs';
import { runBrokerPart } from './broker/broker-part.mjs';
import { MOSQUITTO } from './broker/brokers.mjs';
import { runDurablePart } from './broker/durable-part.mjs';
import { CHROMIUM, runConsolePart } from './console/console-part.mjs';
import { describeEnvironment } from './lib/environment.mjs';
import { stopAll, stopAllOnSignals } from './lib/processes.mjs';
import { writeResult } from './lib/report.mjs';
import { runIntegrationsPart } from './integrations/integrations-part.mjs';
import { runMonitoringPart } from './monitoring/monitoring-part.mjs';
import { runRetainedPart } from './retained/retained-part.mjs';
import { runSessionsPart } from './sessions/sessions-part.mjs';

const PARTS = { console: runConsolePart, broker: runBrokerPart, durable: runDurablePart, sessions: runSessionsPart, retained: runRetainedPart, monitoring: runMonitoringPart, 'app-shared': runAppSharedPart, integrations: runIntegrationsPart };

const { values: flags } = parseArgs({
  options: {
    console: { type: 'boolean', default: false },
    broker: { type: 'boolean', default: false },
    durable: { type: 'boolean', default: false },
    sessions: { type: 'boolean', default: false },
    retained: { type: 'boolean', default: false },
    monitoring: { type: 'boolean', default: false },
    'app-shared': { type: 'boolean', default: false },
    integrations: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    million: { type: 'boolean', default: false },
    'sessions-count': { type: 'string' },
    'sessions-created': { type: 'string' },
    'broker-main': { type: 'string' },
    scenario: { type: 'string' },
    result: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (flags.help) {
  console.log('usage: node scripts/bench/run.mjs [--console] [--broker] [--durable] [--sessions] [--retained] [--monitoring] [--app-shared] [--integrations] [--quick] [--profile] [--million | --sessions-count N] [--sessions-created N] [--broker-main FILE] [--scenario ID,...] [--result NAME] [--skip-build]\nSee scripts/bench/README.md.');
  process.exit(0);
}

const chosen = Object.keys(PARTS).filter((part) => flags[part]);
const parts = chosen.length ? chosen : Object.keys(PARTS);

stopAllOnSignals();
if (!flags['skip-build']) await build();

let failed = false;
for (const part of parts) {
  const started = Date.now();
  console.log(`\n[bench] ${part}${flags.quick ? ' (quick)' : ''}…`);
  const environment = describeEnvironment({ chromium: part === 'console' ? CHROMIUM : undefined, mosquitto: part === 'broker' ? MOSQUITTO : undefined });
  try {
    const count = flags.million ? 1_000_000 : flags['sessions-count'] === undefined ? undefined : Number(flags['sessions-count']);
    const main = flags['broker-main'] === undefined ? undefined : path.resolve(flags['broker-main']);
    const created = flags['sessions-created'] === undefined ? undefined : Number(flags['sessions-created']);
    const { data, markdown } = await PARTS[part]({ quick: flags.quick, profile: flags.profile, count, created, main, scenario: flags.scenario });
    const { markdownFile } = writeResult({ part, quick: flags.quick, environment, data, markdown, name: flags.result });
    console.log(`[bench] ${part} done in ${Math.round((Date.now() - started) / 1000)} s: ${markdownFile}`);
  } catch (error) {
    failed = true;
    console.error(`[bench] ${part} failed:`, error);
  } finally {
    await stopAll();
  }
}
process.exit(failed ? 1 : 0);
