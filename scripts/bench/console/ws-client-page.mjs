// The web-socket client page on its own (the console part runs it too, after its other timings):
//   node scripts/bench/console/ws-client-page.mjs [--quick] [--target-only] [--seconds N] [--profile] [--result NAME]
// --target-only runs the target alone (5,000/s, 60 s, or --seconds N); --profile records a
// Chromium CPU profile of the page during the first step. Needs a build (npm run build).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { profileMarkdown, summarizeProfile } from '../lib/cpu-profile.mjs';
import { describeEnvironment, environmentMarkdown } from '../lib/environment.mjs';
import { stopAllOnSignals } from '../lib/processes.mjs';
import { startStarling } from '../lib/starling-broker.mjs';
import { brokerMain, ensureScratchDir, importFromWorkspace, resultsDir, webDist } from '../lib/workspace.mjs';
import { prepareAdministrator } from './sign-in.mjs';
import { measureWebSocketClientPage, stepsOf, webSocketClientMarkdown } from './ws-client-throughput.mjs';

const CHROMIUM = process.env.STARLING_CHROMIUM || '/usr/bin/chromium';
const LAUNCH_ARGUMENTS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

function argument(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

/** Starts a CPU profile; stop() writes it to the scratch folder and keeps its summary. */
function cpuProfiler(summaries) {
  return async (devtools) => {
    await devtools.send('Profiler.enable');
    await devtools.send('Profiler.setSamplingInterval', { interval: 1000 });
    await devtools.send('Profiler.start');
    return {
      async stop() {
        const { profile } = await devtools.send('Profiler.stop');
        const file = path.join(ensureScratchDir(), `ws-client-page-${Date.now()}.cpuprofile`);
        fs.writeFileSync(file, JSON.stringify(profile));
        summaries.push({ file, summary: summarizeProfile(profile, 25) });
      },
    };
  };
}

async function main() {
  const quick = process.argv.includes('--quick');
  const seconds = Number(argument('--seconds') ?? 60);
  const steps = process.argv.includes('--target-only') ? [{ rate: 5000, seconds }] : stepsOf(quick);
  const resultName = argument('--result') ?? `${new Date().toISOString().slice(0, 10)}-ws-client-page${quick ? '-quick' : ''}`;
  for (const file of [brokerMain, `${webDist}/index.html`]) if (!fs.existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  stopAllOnSignals();
  const environment = describeEnvironment({ chromium: CHROMIUM });
  const starling = await startStarling({ name: 'starling-ws-client-page' });
  const playwright = await importFromWorkspace('e2e', 'playwright-core');
  const { chromium } = playwright.chromium ? playwright : playwright.default;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGUMENTS, headless: true });
  try {
    const credentials = await prepareAdministrator(browser, starling.httpUrl);
    const profiles = [];
    const profile = process.argv.includes('--profile') ? cpuProfiler(profiles) : undefined;
    const wsClient = await measureWebSocketClientPage({ browser, baseUrl: starling.httpUrl, credentials, mqttPort: starling.mqttPort, quick, steps, profile, cpuSlowdown: Number(argument('--cpu-slowdown') ?? 0) || undefined });
    environment.loadAverageAtEnd = os.loadavg().map((load) => Math.round(load * 100) / 100);
    const text = [
      `# Console: the web-socket client page under load${quick ? ' (quick run)' : ''}`,
      '',
      '## Machine and versions',
      '',
      environmentMarkdown(environment),
      '',
      '## Messages per second',
      '',
      webSocketClientMarkdown(wsClient),
      ...profiles.flatMap(({ file, summary }) => ['', profileMarkdown('The page during the first step', summary), '', `Profile: ${path.relative(resultsDir, file)}`]),
      '',
    ].join('\n');
    fs.writeFileSync(`${resultsDir}/${resultName}.md`, text);
    fs.writeFileSync(`${resultsDir}/${resultName}.json`, `${JSON.stringify({ environment, results: { wsClient, profiles } }, null, 2)}\n`);
    console.log(text);
  } finally {
    await browser.close();
    await starling.stop();
  }
}

await main();
