// The monitoring page with a week of history (issue 16): from the click that shows 7 days to every
// chart drawn, raw (NONE, 60,480 points per line) and in the default aggregated view; then the
// longest task while dragging a zoom over a chart holding the raw week. Standalone:
//   node scripts/bench/console/monitoring-chart.mjs [--quick] [--result <name>]
// It needs the build (npm run build); it seeds a data directory with the broker helper's
// seed-history.mjs (two nodes plus their total, a sample every 10 s for 7 days), starts the built
// broker on it as one of the seeded nodes, and drives Debian's Chromium through playwright-core.
/* global document, MutationObserver, requestAnimationFrame */
import fs from 'node:fs';
import os from 'node:os';
import { environmentMarkdown, describeEnvironment } from '../lib/environment.mjs';
import { stopAllOnSignals, temporaryDirectory } from '../lib/processes.mjs';
import { table, targetVerdict } from '../lib/report.mjs';
import { startStarling } from '../lib/starling-broker.mjs';
import { median } from '../lib/stats.mjs';
import { brokerMain, importFromWorkspace, resultsDir, webDist } from '../lib/workspace.mjs';
import { SEEDED_NODES, seedHistory } from '../monitoring/seed-history.mjs';
import { installProbes } from './page-probes.mjs';
import { profileTop, summarizeTrace, TRACE_CATEGORIES } from './trace-summary.mjs';
import { fillSignInForm, loginButton, prepareAdministrator } from './sign-in.mjs';

const CHROMIUM = process.env.STARLING_CHROMIUM || '/usr/bin/chromium';
const LAUNCH_ARGUMENTS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];
const WEEK_MS = 7 * 24 * 3_600_000;
const LONG_TASK_MS = 50;
const DRAW_TIMEOUT_MS = 180_000;
/** `--result <name>` writes results/<name>.md and .json instead, e.g. to keep a run before a change beside one after it. */
const resultArgument = process.argv.indexOf('--result');
/** `--trace`: only traceViews(); `--views-only`: the views without the zoom and the pixel comparison. */
const TRACE = process.argv.includes('--trace');
const VIEWS_ONLY = process.argv.includes('--views-only');
const RESULT_NAME = resultArgument === -1 ? '2026-11-23-monitoring-console' : process.argv[resultArgument + 1];

/**
 * The views of the week: AVG as the picker leaves it when only the last interval changes (a new
 * length takes its default grouping, range/200 rounded up to an offered interval: 1 hour), AVG with
 * hourly buckets chosen in the panel, and every sample (NONE).
 */
const VIEWS = [
  { name: 'aggregated: AVG, the grouping the picker gives a week (1 hour)', runs: { quick: 2, full: 5 } },
  { name: 'aggregated: AVG, 1 hour chosen in the panel', groupingMs: 3_600_000, runs: { quick: 2, full: 5 } },
  { name: 'raw: NONE, limit 100,000', raw: true, runs: { quick: 1, full: 3 } },
];

/** In the page: every chart drew a week (its first time 6 days back or more); or, with `any`, one chart did. */
function weekDrawn({ since, any }) {
  const drawn = [...document.querySelectorAll('.time-series-chart__canvas')].map((canvas) => {
    const [points, first] = (canvas.getAttribute('data-drawn') ?? '0@').split('@');
    return { points: Number(points), first: Number(first) };
  });
  const isWeek = (chart) => chart.points > 0 && chart.first <= since;
  return drawn.length > 0 && (any ? drawn.some(isWeek) : drawn.every(isWeek));
}

/**
 * `at`: the page's clock stands still there (timers still run), so two visits draw the same range.
 * `allSamples`: the broker is made to look as if it lacked timeseriesPixelColumns and timeseriesColumns (as TBMQ does),
 * so the page asks for every raw sample in TBMQ's shape.
 */
async function openMonitoring(browser, baseUrl, credentials, { at, allSamples = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(installProbes);
  if (at !== undefined) await context.clock.setFixedTime(at);
  // The broker lists itself only; the seeded history has two nodes, so the page is told of both
  // (as a two-node cluster would answer), and every chart draws three lines: total and two nodes.
  await context.route('**/api/app/brokers', (route) => route.fulfill({ json: SEEDED_NODES }));
  if (allSamples) {
    await context.route('**/api/starling/extensions', async (route) => {
      const response = await route.fetch();
      const { extensions } = await response.json();
      await route.fulfill({ response, json: { extensions: extensions.filter((name) => name !== 'timeseriesPixelColumns' && name !== 'timeseriesColumns') } });
    });
  }
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await fillSignInForm(page, credentials);
  await loginButton(page).click();
  await page.getByTestId('broker-version').waitFor();
  await page.goto(`${baseUrl}/monitoring`);
  await page.locator('.time-series-chart__canvas[data-drawn]').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.time-series-chart[aria-busy="true"]').length === 0);
  return { context, page };
}

/** Sets the page's time window to the last 7 days (raw: NONE with the broker's limit) and answers the Update button. */
async function chooseWeek(page, { raw = false, groupingMs } = {}) {
  await page.locator('.monitoring-page__toolbar .timewindow-picker__button').click();
  const panel = page.locator('.timewindow-panel');
  await panel.getByLabel('Last interval').selectOption(String(WEEK_MS));
  if (raw) {
    await panel.getByLabel('Aggregation').selectOption('NONE');
    await panel.getByLabel(/^Maximum values/).fill('100000');
  }
  if (groupingMs) await panel.getByLabel('Grouping interval').selectOption(String(groupingMs));
  return panel.getByRole('button', { name: 'Update' });
}

async function longTasksSince(page, since, until = Number.POSITIVE_INFINITY) {
  return page.evaluate(([from, to]) => globalThis.__starlingBench.longTasks.filter((task) => task.start >= from && task.start <= to), [since, until]);
}

/**
 * In the page, armed before the click: each chart's `data-drawn` mark noted as it is set (a
 * MutationObserver on that attribute alone, so nothing is queried or polled while the charts draw),
 * answered once every chart drew a week: the frame after the first chart's and after the last one's.
 */
function watchWeekDraws({ since, charts, timeout }) {
  return new Promise((resolve) => {
    const drawn = new Map();
    let firstFrame;
    const observer = new MutationObserver((records) => {
      const now = performance.now();
      for (const { target } of records) {
        const [points, first] = (target.getAttribute('data-drawn') ?? '0@').split('@');
        if (Number(points) > 0 && Number(first) <= since) {
          if (!drawn.has(target)) drawn.set(target, now);
        } else drawn.delete(target);
      }
      if (firstFrame === undefined && drawn.size > 0) {
        firstFrame = null;
        requestAnimationFrame(() => (firstFrame = performance.now()));
      }
      if (drawn.size === charts) {
        observer.disconnect();
        requestAnimationFrame(() => resolve({ first: firstFrame ?? performance.now(), all: performance.now(), drawnAt: [...drawn.values()] }));
      }
    });
    observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-drawn'] });
    setTimeout(() => {
      observer.disconnect();
      resolve({ error: `${drawn.size} of ${charts} charts drew the week within ${timeout} ms` });
    }, timeout);
  });
}

async function showWeek(browser, baseUrl, credentials, view, { trace = false } = {}) {
  const { context, page } = await openMonitoring(browser, baseUrl, credentials);
  try {
    // The charts, not their canvases: on a busy machine a plot's canvas may not be there yet.
    const charts = await page.locator('[data-testid^="monitoring-chart-"]').count();
    const update = await chooseWeek(page, view);
    const since = Date.now() - 6 * 24 * 3_600_000;
    await page.evaluate(
      ([watch, options]) => {
        globalThis.__starlingBench.weekDraws = new Function(`return (${watch})`)()(options);
      },
      [watchWeekDraws.toString(), { since, charts, timeout: DRAW_TIMEOUT_MS }],
    );
    const cdp = trace ? await page.context().newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    if (trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const markAtMs = trace ? await page.evaluate(() => performance.mark('bench-origin').startTime) : 0;
    await update.click();
    const [draws, clickAt] = await page.evaluate(async () => [await globalThis.__starlingBench.weekDraws, globalThis.__starlingBench.lastClickAt]);
    const traced = trace ? summarizeTrace(JSON.parse((await browser.stopTracing()).toString()), { markName: 'bench-origin', markAtMs, fromMs: clickAt, toMs: draws.all }) : undefined;
    const profile = cdp ? profileTop((await cdp.send('Profiler.stop')).profile) : undefined;
    if (draws.error) throw new Error(draws.error);
    const tasks = await longTasksSince(page, clickAt, draws.all);
    // The broker's share: each time-series request's start and last byte, from the click.
    const requests = await page.evaluate(
      (from) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/api/timeseries/') && entry.startTime >= from)
          .map((entry) => [Math.round(entry.startTime - from), Math.round(entry.responseEnd - from)]),
      clickAt,
    );
    const points = await page.locator('.time-series-chart__canvas').first().getAttribute('data-drawn');
    return {
      charts,
      firstMs: draws.first - clickAt,
      allMs: draws.all - clickAt,
      pointsPerLine: Number(points?.split('@')[0]),
      longTasks: tasks.length,
      longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
      requests,
      ...(traced ? { trace: traced, profile } : {}),
    };
  } finally {
    await context.close();
  }
}

/** Drags across the raw week of the incoming messages chart, then resets the zoom; long tasks of each step. */
async function zoomOverRawWeek(browser, baseUrl, credentials) {
  const { context, page } = await openMonitoring(browser, baseUrl, credentials);
  try {
    const update = await chooseWeek(page, { raw: true });
    await update.click();
    const since = Date.now() - 6 * 24 * 3_600_000;
    await page.waitForFunction(new Function('since', `return (${weekDrawn.toString()})({ since, any: false })`), since, { timeout: DRAW_TIMEOUT_MS });
    await page.waitForTimeout(1000);
    const chart = page.getByTestId('monitoring-chart-incomingMsgs');
    const box = await chart.locator('.u-over').boundingBox();
    const y = box.y + box.height / 2;
    const steps = [];
    const measure = async (name, action) => {
      const start = await page.evaluate(() => performance.now());
      await action();
      await page.waitForTimeout(300);
      const end = await page.evaluate(() => performance.now());
      const tasks = await longTasksSince(page, start, end);
      steps.push({ name, longTasks: tasks.filter((task) => task.duration > LONG_TASK_MS).length, longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)) });
    };
    const reset = chart.getByRole('button', { name: 'Reset zoom' });
    const settled = () => page.waitForFunction(() => document.querySelector('[data-testid="monitoring-chart-incomingMsgs"]')?.getAttribute('aria-busy') === 'false');
    /** 40 mouse moves from `from` to `to` (fractions of the plot's width), the button held. */
    const dragMoves = async (from, to) => {
      await page.mouse.move(box.x + box.width * from, y);
      await page.mouse.down();
      for (let step = 1; step <= 40; step += 1) await page.mouse.move(box.x + box.width * (from + ((to - from) * step) / 40), y);
    };
    const release = async () => {
      await page.mouse.up();
      await reset.waitFor();
      await settled();
    };
    await measure('drag a zoom over 60 % of the raw week (40 moves)', () => dragMoves(0.2, 0.8));
    await measure('release: zoom, ask for the range, draw it', release);
    await measure('hover across the zoomed chart (40 moves)', async () => {
      for (let step = 0; step <= 40; step += 1) await page.mouse.move(box.x + (box.width * step) / 40, y);
    });
    await page.keyboard.down('Shift');
    await measure('Shift+drag: pan the zoomed range (40 moves)', () => dragMoves(0.6, 0.3));
    await measure('release: ask for the moved range, draw it', release);
    await page.keyboard.up('Shift');
    await measure('reset zoom: the raw week again', async () => {
      await reset.click();
      await reset.waitFor({ state: 'hidden' });
    });
    await page.keyboard.down('Shift');
    await measure('Shift+drag: pan the whole raw week, 181,440 points in view (40 moves)', () => dragMoves(0.6, 0.3));
    await measure('release: ask for the moved week raw, draw it', release);
    await page.keyboard.up('Shift');
    return steps;
  } finally {
    await context.close();
  }
}

/** Every chart's canvas (axes and lines) after the raw week is drawn at `at`, as RGBA bytes. */
async function rawWeekPixels(browser, baseUrl, credentials, options) {
  const { context, page } = await openMonitoring(browser, baseUrl, credentials, options);
  try {
    const update = await chooseWeek(page, { raw: true });
    await update.click();
    const since = options.at - 6 * 24 * 3_600_000;
    await page.waitForFunction(new Function('since', `return (${weekDrawn.toString()})({ since, any: false })`), since, { timeout: DRAW_TIMEOUT_MS });
    await page.waitForFunction(() => document.querySelectorAll('.time-series-chart[aria-busy="true"]').length === 0);
    const points = await page.locator('.time-series-chart__canvas').first().getAttribute('data-drawn');
    const canvases = await page.evaluate(() =>
      [...document.querySelectorAll('.time-series-chart__canvas canvas')].map((canvas) => {
        const bytes = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let text = '';
        for (let index = 0; index < bytes.length; index += 0x8000) text += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
        return { width: canvas.width, height: canvas.height, base64: btoa(text) };
      }),
    );
    return { pointsPerLine: Number(points?.split('@')[0]), canvases: canvases.map((canvas) => ({ ...canvas, bytes: Buffer.from(canvas.base64, 'base64') })) };
  } finally {
    await context.close();
  }
}

/**
 * The raw week drawn from the points the broker keeps per pixel column beside the same week drawn
 * from every sample, at the same clock: pixels that differ per chart, and by how much at most.
 */
async function compareReducedPixels(browser, baseUrl, credentials) {
  // Half a minute back: every sample up to then is stored before either visit asks.
  const at = Date.now() - 30_000;
  const reduced = await rawWeekPixels(browser, baseUrl, credentials, { at });
  const full = await rawWeekPixels(browser, baseUrl, credentials, { at, allSamples: true });
  const charts = full.canvases.map((canvas, index) => {
    const other = reduced.canvases[index];
    if (!other || other.width !== canvas.width || other.height !== canvas.height) return { pixels: canvas.width * canvas.height, differing: Number.NaN, largestDifference: Number.NaN };
    let differing = 0;
    let largestDifference = 0;
    for (let offset = 0; offset < canvas.bytes.length; offset += 4) {
      let difference = 0;
      for (let channel = 0; channel < 4; channel += 1) difference = Math.max(difference, Math.abs(canvas.bytes[offset + channel] - other.bytes[offset + channel]));
      if (difference > 0) differing += 1;
      largestDifference = Math.max(largestDifference, difference);
    }
    return { pixels: canvas.width * canvas.height, differing, largestDifference };
  });
  return { pointsPerLine: { reduced: reduced.pointsPerLine, full: full.pointsPerLine }, charts };
}

const ms = (value) => `${Math.round(value)} ms`;

function pixelsMarkdown({ pointsPerLine, charts }) {
  const differing = charts.reduce((total, chart) => total + chart.differing, 0);
  const pixels = charts.reduce((total, chart) => total + chart.pixels, 0);
  return [
    `Pixel by pixel: the raw week drawn from the points kept per pixel column (${pointsPerLine.reduced.toLocaleString('en')} per line) against the same week drawn from every sample (${pointsPerLine.full.toLocaleString('en')} per line), the page's clock fixed so both draw the same range: ${differing.toLocaleString('en')} of ${pixels.toLocaleString('en')} pixels differ in the ${charts.length} charts.`,
    '',
    table(['chart', 'pixels', 'differing', 'largest channel difference (0–255)'], charts.map((chart, index) => [String(index + 1), chart.pixels.toLocaleString('en'), chart.differing.toLocaleString('en'), String(chart.largestDifference)])),
  ].join('\n');
}

function markdown({ seed, views, zoom, pixels }) {
  const viewRows = views.map(({ view, runs }) => [
    view.name,
    String(runs[0]?.charts ?? 0),
    String(runs[0]?.pointsPerLine ?? 0),
    `${ms(median(runs.map((run) => run.firstMs)))} / ${ms(Math.max(...runs.map((run) => run.firstMs)))}`,
    `${ms(median(runs.map((run) => run.allMs)))} / ${ms(Math.max(...runs.map((run) => run.allMs)))}`,
    `${Math.max(...runs.map((run) => run.longTasks))} (longest ${ms(Math.max(...runs.map((run) => run.longestTaskMs)))})`,
    String(runs.length),
  ]);
  const worstDrag = Math.max(...zoom.filter((step) => !step.name.startsWith('release') && !step.name.startsWith('reset')).map((step) => step.longestTaskMs));
  return [
    '## Monitoring page with a week of history',
    '',
    `History: ${seed.samplesPerSeries.toLocaleString('en')} samples per series (every 10 s for 7 days) for ${SEEDED_NODES.join(', ')} and their total, seeded in ${seed.seconds.toFixed(1)} s through the broker's repository. The broker runs as ${SEEDED_NODES[0]}; the page is told of both nodes, so each chart draws 3 lines.`,
    '',
    'From the click on *Update* (time window: last 7 days) to the first frame after uPlot drew the week, in the first chart and in every chart of the page; median / max of the runs. Long tasks: over 50 ms, between the click and every chart drawn.',
    '',
    table(['view', 'charts', 'points per line', 'first chart drawn', 'every chart drawn', 'long tasks', 'runs'], viewRows),
    ...(zoom.length === 0
      ? []
      : [
        '',
        `Zoom and pan over the raw week (incoming messages chart, 3 lines; target: no long task over ${LONG_TASK_MS} ms while dragging or hovering): ${targetVerdict(worstDrag, LONG_TASK_MS)}. Long tasks are counted from the step's start to 300 ms after it; a release also waits for the broker's answer and its drawing.`,
        '',
        table(['step', `long tasks > ${LONG_TASK_MS} ms`, 'longest task'], zoom.map((step) => [step.name, String(step.longTasks), step.longestTaskMs ? ms(step.longestTaskMs) : 'none'])),
        ]),
    ...(pixels ? ['', pixelsMarkdown(pixels)] : []),
  ].join('\n');
}

/** Two traced Updates of the first aggregated view and of the raw one: where the main thread's time went. */
async function traceViews(browser, baseUrl, credentials) {
  const traces = [];
  for (const view of [VIEWS[0], VIEWS[2]]) {
    for (let run = 0; run < 2; run += 1) {
      const measured = await showWeek(browser, baseUrl, credentials, view, { trace: true });
      traces.push({ view: view.name, ...measured });
      console.log(view.name, JSON.stringify(measured, null, 1));
    }
  }
  fs.writeFileSync(`${resultsDir}/${RESULT_NAME}-trace.json`, `${JSON.stringify({ loadAverage: os.loadavg(), traces }, null, 2)}\n`);
}

async function main() {
  const quick = process.argv.includes('--quick');
  for (const file of [brokerMain, `${webDist}/index.html`]) if (!fs.existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  stopAllOnSignals();
  const environment = describeEnvironment({ chromium: CHROMIUM });
  const dataDir = temporaryDirectory('monitoring-console');
  const seed = await seedHistory(dataDir);
  // A retention past the seeded week: the pixel comparison draws a week ending half a minute back
  // twice, and with the default 7 days the broker pruned its oldest samples between the two visits.
  const starling = await startStarling({ name: 'starling-monitoring-console', dataDir, env: { STARLING_NODE_ID: SEEDED_NODES[0], STARLING_TIMESERIES_RETENTION_DAYS: '8' } });
  const playwright = await importFromWorkspace('e2e', 'playwright-core');
  const { chromium } = playwright.chromium ? playwright : playwright.default;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGUMENTS, headless: true });
  try {
    const credentials = await prepareAdministrator(browser, starling.httpUrl);
    if (TRACE) {
      await traceViews(browser, starling.httpUrl, credentials);
      return;
    }
    const views = [];
    for (const view of VIEWS) {
      const runs = [];
      for (let run = 0; run < (quick ? view.runs.quick : view.runs.full); run += 1) {
        runs.push(await showWeek(browser, starling.httpUrl, credentials, view));
        console.log(view.name, JSON.stringify(runs.at(-1)));
      }
      views.push({ view, runs });
    }
    const zoom = VIEWS_ONLY ? [] : await zoomOverRawWeek(browser, starling.httpUrl, credentials);
    console.log('zoom', JSON.stringify(zoom));
    const pixels = VIEWS_ONLY ? undefined : await compareReducedPixels(browser, starling.httpUrl, credentials);
    console.log('pixels', JSON.stringify(pixels));
    const data = { seed, views, zoom, pixels };
    environment.loadAverageAtEnd = os.loadavg().map((load) => Math.round(load * 100) / 100);
    const base = `${resultsDir}/${RESULT_NAME}${quick ? '-quick' : ''}`;
    const text = [`# Console: monitoring charts with a week of history${quick ? ' (quick run)' : ''}`, '', '## Machine and versions', '', environmentMarkdown(environment), '', markdown(data), ''].join('\n');
    fs.writeFileSync(`${base}.md`, text);
    fs.writeFileSync(`${base}.json`, `${JSON.stringify({ environment, results: data }, null, 2)}\n`);
    console.log(text);
  } finally {
    await browser.close();
    await starling.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
