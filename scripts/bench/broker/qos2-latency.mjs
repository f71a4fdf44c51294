// QoS 2 beside QoS 1, point-to-point to persistent subscribers: the durable part's two
// point-to-point scenarios alone, so that the publish-to-delivery latency at a steady 10,000/s
// (acknowledgements after the commit, and before it for comparison) can be taken several times in
// the time a full durable run takes once. Builds first when an input changed, as run.mjs does.
//   node scripts/bench/broker/qos2-latency.mjs [--rounds N] [--rate DELIVERIES_PER_S] [--result NAME] [--skip-build]
// --rate replaces the 10,000/s of the fixed-rate phase (a busy machine may not carry 10,000/s at QoS 2);
// --skip-build measures mock-broker/dist as it is (e.g. a build of the commit before a change).
import { parseArgs } from 'node:util';
import { build } from '../../build.mjs';
import { describeEnvironment } from '../lib/environment.mjs';
import { stopAll, stopAllOnSignals } from '../lib/processes.mjs';
import { writeResult } from '../lib/report.mjs';
import { runDurablePart } from './durable-part.mjs';

const { values: flags } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, rate: { type: 'string', default: '10000' }, result: { type: 'string' }, 'skip-build': { type: 'boolean', default: false } } });

stopAllOnSignals();
if (!flags['skip-build']) await build();
const environment = describeEnvironment();
try {
  const { data, markdown } = await runDurablePart({
    quick: false,
    scenarios: ['p2p-qos1-persistent', 'p2p-qos2-persistent'],
    repetitions: Number(flags.rounds),
    fixedRate: Number(flags.rate),
  });
  const { markdownFile } = writeResult({ part: 'qos2-latency', quick: false, environment, data, markdown, name: flags.result });
  console.log(`QoS 2 latency: ${markdownFile}`);
} finally {
  await stopAll();
}
