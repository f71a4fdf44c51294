// Sign-in → home page on its own (issue 29): when the frame with the counters shows, when the
// home charts are drawn, and the long tasks from the submit until the charts are drawn and 2 s after.
//   node scripts/bench/console/home-first.mjs [--visits N] [--result NAME]
// Needs a build (npm run build). Each visit is a fresh browser context (cold HTTP cache).
/* global window, document */
import fs from 'node:fs';
import os from 'node:os';
import { describeEnvironment, environmentMarkdown } from '../lib/environment.mjs';
import { stopAllOnSignals } from '../lib/processes.mjs';
import { startStarling } from '../lib/starling-broker.mjs';
import { brokerMain, importFromWorkspace, resultsDir, webDist } from '../lib/workspace.mjs';
import { armInPage, collectFromPage, installProbes, pageProbeState } from './page-probes.mjs';
import { fillSignInForm, loginButton, prepareAdministrator } from './sign-in.mjs';

const CHROMIUM = process.env.STARLING_CHROMIUM || '/usr/bin/chromium';
const LAUNCH_ARGUMENTS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];
const HOME_CHARTS = 4;
/** After the charts are drawn, long tasks are still counted this long: cards that come later. */
const SETTLE_MS = 2_000;

function argument(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

/** Installed after the page probes: the counters' frame and the home charts' first drawing. */
function installHomeProbes() {
  const bench = window.__starlingBench;
  bench.homeCountersShown = () =>
    Boolean(document.querySelector('[data-testid="broker-version"]')?.textContent?.trim()) && Boolean(document.querySelector('[data-testid="home-totalCount"]'));
  bench.homeChartsDrawn = (count) => document.querySelectorAll('[data-testid^="home-chart-"] [data-drawn]').length >= count;
}

async function measureVisit(browser, baseUrl, credentials) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(installProbes);
  await context.addInitScript(installHomeProbes);
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/login`, { waitUntil: 'commit' });
    await collectFromPage(page, 'loginForm');
    await fillSignInForm(page, credentials);
    await armInPage(page, 'home', 'homeShown');
    await armInPage(page, 'counters', 'homeCountersShown');
    await armInPage(page, 'charts', 'homeChartsDrawn', HOME_CHARTS);
    await loginButton(page).click();
    const homeAt = await collectFromPage(page, 'home');
    const countersAt = await collectFromPage(page, 'counters');
    const chartsAt = await collectFromPage(page, 'charts');
    await page.waitForTimeout(SETTLE_MS);
    const { lastSubmitAt, longTasks } = await pageProbeState(page);
    const after = longTasks.filter((task) => task.start + task.duration > lastSubmitAt);
    return {
      homeMs: homeAt - lastSubmitAt,
      countersMs: countersAt - lastSubmitAt,
      chartsMs: chartsAt - lastSubmitAt,
      longTasks: after.map((task) => ({ startMs: Math.round(task.start - lastSubmitAt), durationMs: Math.round(task.duration) })),
    };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function main() {
  const visitCount = Number(argument('--visits') ?? 7);
  const resultName = argument('--result') ?? `${new Date().toISOString().slice(0, 10)}-home-first-run`;
  for (const file of [brokerMain, `${webDist}/index.html`]) if (!fs.existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  stopAllOnSignals();
  const environment = describeEnvironment({ chromium: CHROMIUM });
  const starling = await startStarling({ name: 'starling-home-first' });
  const playwright = await importFromWorkspace('e2e', 'playwright-core');
  const { chromium } = playwright.chromium ? playwright : playwright.default;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGUMENTS, headless: true });
  try {
    const credentials = await prepareAdministrator(browser, starling.httpUrl);
    const visits = [];
    for (let index = 0; index < visitCount; index += 1) visits.push(await measureVisit(browser, starling.httpUrl, credentials));
    environment.loadAverageAtEnd = os.loadavg().map((load) => Math.round(load * 100) / 100);
    const round = (value) => Math.round(value);
    const longest = visits.map((visit) => Math.max(0, ...visit.longTasks.map((task) => task.durationMs)));
    const text = [
      '# Console: sign-in → home, counters first',
      '',
      '## Machine and versions',
      '',
      environmentMarkdown(environment),
      '',
      `| of ${visitCount} visits | median ms | max ms |`,
      '|---|---|---|',
      `| submit → broker version shown | ${round(median(visits.map((visit) => visit.homeMs)))} | ${round(Math.max(...visits.map((visit) => visit.homeMs)))} |`,
      `| submit → counters shown | ${round(median(visits.map((visit) => visit.countersMs)))} | ${round(Math.max(...visits.map((visit) => visit.countersMs)))} |`,
      `| submit → ${HOME_CHARTS} charts drawn | ${round(median(visits.map((visit) => visit.chartsMs)))} | ${round(Math.max(...visits.map((visit) => visit.chartsMs)))} |`,
      `| longest long task (submit → charts + ${SETTLE_MS} ms) | ${round(median(longest))} | ${round(Math.max(...longest))} |`,
      '',
      `Long tasks per visit (start after submit / duration, ms): ${visits.map((visit) => `[${visit.longTasks.map((task) => `${task.startMs}/${task.durationMs}`).join(' ')}]`).join(' ')}`,
      '',
    ].join('\n');
    fs.writeFileSync(`${resultsDir}/${resultName}.md`, text);
    fs.writeFileSync(`${resultsDir}/${resultName}.json`, `${JSON.stringify({ environment, visits }, null, 2)}\n`);
    console.log(text);
  } finally {
    await browser.close();
    await starling.stop();
  }
}

await main();
