// The web-socket client page's message rate: how many incoming MQTT messages per second the page
// sustains with no long task over 50 ms, bounded memory and every message delivered. The page is
// driven through its own controls: a connection, its subscription to TOPIC, Connect.
import { WireClient, publishTemplate } from '../broker/mqtt-wire.mjs';
import { table } from '../lib/report.mjs';
import { format } from '../lib/stats.mjs';
import { installProbes } from './page-probes.mjs';
import { fillSignInForm, loginButton } from './sign-in.mjs';

/**
 * Rates of the ladder, each held for STEP_SECONDS; in a full run the issue's target, 5,000/s, is then
 * held for a minute, and the ladder goes on above it to find the highest rate the page holds.
 */
const RATES = [100, 250, 500, 1000, 2000, 5000];
const ABOVE_TARGET = [7500, 10000, 15000];
const STEP_SECONDS = { quick: 3, full: 10 };
const TARGET = { rate: 5000, seconds: 60 };
const TOPIC = 'bench/ws-client';
const LONG_TASK_MS = 50;
/** Heap growth (after a forced collection) that still counts as bounded over one step. */
const HEAP_GROWTH_LIMIT_BYTES = 20 * 2 ** 20;
/** Unmeasured messages first, so that the list's first rows and the code's first runs fall outside the steps. */
const WARM_UP = { rate: 100, seconds: 2 };
/** How long the page may take, once the publisher is done, to have counted every message. */
const DRAIN_TIMEOUT_MS = 10_000;
/** A click on the list's order button every so often while messages arrive, answered within CLICK_LIMIT_MS. */
const CLICK_EVERY_MS = 1000;
const CLICK_LIMIT_MS = 100;

/** The steps of a run: the ladder, and in a full run the target rate held for a minute and the rates above it. */
export function stepsOf(quick) {
  const seconds = quick ? STEP_SECONDS.quick : STEP_SECONDS.full;
  const ladder = RATES.map((rate) => ({ rate, seconds }));
  return quick ? ladder : [...ladder, TARGET, ...ABOVE_TARGET.map((rate) => ({ rate, seconds }))];
}

/**
 * Drives the page as an operator would: adds a connection to the broker's WebSocket listener (the
 * dialog's defaults: this broker, a fresh client id; custom credentials with a username only, so
 * that no client credentials are made and the broker stays open to the anonymous publisher),
 * subscribes it to TOPIC and connects. Answers whether the page got there.
 */
export async function connectPageToBroker(page) {
  if ((await page.locator('.page-placeholder').count()) > 0) return { ready: false, reason: 'the web-socket client page is still a placeholder' };
  await page.getByRole('button', { name: 'Add connection' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add connection' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(`Bench ${Date.now()}`);
  // The dialog may still be opening (its transition): a click then changes nothing, and is made again.
  const custom = dialog.getByRole('radio', { name: 'Custom' });
  for (let attempt = 0; !(await custom.isChecked()); attempt += 1) {
    if (attempt === 5) throw new Error('the Custom credentials choice did not take');
    await custom.check({ force: true }).catch(() => page.waitForTimeout(200));
  }
  await dialog.getByRole('textbox', { name: /^Username/ }).fill('bench-ws-client');
  await dialog.getByTestId('ws-connection-save').click();
  await dialog.waitFor({ state: 'hidden' });

  await page.getByTestId('ws-subscription-add').click();
  const subscription = page.getByRole('dialog', { name: 'Add subscription' });
  await subscription.getByRole('textbox', { name: /^Topic filter/ }).fill(TOPIC);
  await subscription.getByTestId('ws-subscription-save').click();
  await subscription.waitFor({ state: 'hidden' });
  await page.getByTestId('ws-subscription-row').filter({ hasText: TOPIC }).waitFor();

  await page.getByTestId('ws-connect').click();
  const status = page.getByTestId('ws-connection-status');
  try {
    await page.locator('[data-testid="ws-connection-status"][data-status="CONNECTED"]').waitFor({ timeout: 15_000 });
  } catch {
    return { ready: false, reason: `the page did not connect: ${await status.textContent()} ${(await page.getByTestId('ws-connection-failure').textContent().catch(() => '')) ?? ''}` };
  }
  return { ready: true };
}

/** The messages the page has counted on TOPIC: the topic tree of its insights, the first level ("bench"). */
async function messagesCounted(page) {
  const insights = page.locator('.ws-client-layout__insights');
  const tree = page.getByTestId('ws-topic-tree');
  if (!(await tree.isVisible())) await insights.getByText('Insights', { exact: true }).click();
  const row = tree.getByTestId('ws-topic-tree-row').filter({ hasText: 'bench' }).first();
  const text = (await row.count()) === 0 ? '0' : await row.locator('.bp6-tag').first().textContent();
  return Number((text ?? '0').replace(/\D/g, ''));
}

/**
 * The page's own tally under the message list: messages received, and those the list let go for its
 * "messages to keep" limit (absent on a page without the tally).
 */
async function messageTally(page) {
  const tally = page.getByTestId('ws-message-tally');
  if ((await tally.count()) === 0) return undefined;
  const [received, dropped] = await Promise.all([tally.getAttribute('data-received'), tally.getAttribute('data-dropped')]);
  return { received: Number(received), dropped: Number(dropped) };
}

/**
 * Clicks the list's order button every CLICK_EVERY_MS until `done` settles (an even number of times,
 * so the order ends as it was); answers how many clicks were made. Their answer times are the page's
 * Event Timing entries.
 */
async function clickUntil(page, done) {
  let finished = false;
  void done.then(() => (finished = true));
  const button = page.getByTestId('ws-message-order');
  let clicks = 0;
  while (!finished || clicks % 2 === 1) {
    await button.click();
    clicks += 1;
    if (!finished) await Promise.race([done, new Promise((resolve) => setTimeout(resolve, CLICK_EVERY_MS))]);
  }
  return clicks;
}

/** Folds the insights away again, so that the tree does not render while a step is measured. */
async function foldInsights(page) {
  if (await page.getByTestId('ws-topic-tree').isVisible()) await page.locator('.ws-client-layout__insights').getByText('Insights', { exact: true }).click();
  await page.getByTestId('ws-topic-tree').waitFor({ state: 'hidden' });
}

/** Waits until the page has counted `expected` messages or the drain time is up; answers the count and the wait. */
async function drain(page, expected) {
  const started = performance.now();
  let counted = await messagesCounted(page);
  while (counted < expected && performance.now() - started < DRAIN_TIMEOUT_MS) {
    await page.waitForTimeout(100);
    counted = await messagesCounted(page);
  }
  await foldInsights(page);
  return { counted, drainMs: Math.round(performance.now() - started) };
}

async function heapUsedAfterCollection(devtools) {
  await devtools.send('HeapProfiler.collectGarbage');
  const { metrics } = await devtools.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value;
}

/** Publishes to TOPIC at `rate` messages per second for `seconds`. */
export async function publishAtRate(port, rate, seconds) {
  const client = await WireClient.connect({ host: '127.0.0.1', port, clientId: `bench-ws-client-publisher-${rate}` });
  const { template, payloadOffset } = publishTemplate(TOPIC, 0, 64);
  const started = performance.now();
  let sent = 0;
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const elapsed = (performance.now() - started) / 1000;
      const owed = Math.floor(Math.min(elapsed, seconds) * rate);
      while (sent < owed) {
        const message = Buffer.from(template);
        message.writeUInt32BE(sent, payloadOffset);
        client.socket.write(message);
        sent += 1;
      }
      if (elapsed >= seconds) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  await client.disconnect();
  return sent;
}

/**
 * `steps` replaces the ladder (e.g. only the target); `profile`, a function given the DevTools
 * session, runs around the first step (a CPU profile of the page while it takes messages);
 * `cpuSlowdown` (e.g. 4) slows the page's CPU that many times during the steps (DevTools' CPU
 * throttling), to see how much headroom the page has on a slower or busier machine.
 */
export async function measureWebSocketClientPage({ browser, baseUrl, credentials, mqttPort, quick, steps: givenSteps, profile, cpuSlowdown }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(installProbes);
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await fillSignInForm(page, credentials);
    await loginButton(page).click();
    await page.getByTestId('broker-version').waitFor();
    await page.goto(`${baseUrl}/ws-client`);
    await page.getByRole('main').first().waitFor();
    const connection = await connectPageToBroker(page);
    if (!connection.ready) return { status: 'not available yet', reason: connection.reason };

    const devtools = await context.newCDPSession(page);
    await devtools.send('Performance.enable');
    // Every warm-up message counted before the first step's counts are read.
    await drain(page, await publishAtRate(mqttPort, WARM_UP.rate, WARM_UP.seconds));
    const steps = [];
    let countedBefore = await messagesCounted(page);
    let tallyBefore = await messageTally(page);
    await foldInsights(page);
    const heapAtStart = await heapUsedAfterCollection(devtools);
    if (cpuSlowdown) await devtools.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    for (const { rate, seconds } of givenSteps ?? stepsOf(quick)) {
      const heapBefore = await heapUsedAfterCollection(devtools);
      const startedAt = await page.evaluate(() => performance.now());
      const profiling = steps.length === 0 ? await profile?.(devtools) : undefined;
      const publishing = publishAtRate(mqttPort, rate, seconds);
      const clicks = await clickUntil(page, publishing);
      const sent = await publishing;
      await profiling?.stop();
      const { longTasks, slowClicks } = await page.evaluate(
        ([since, limit]) => ({
          longTasks: globalThis.__starlingBench.longTasks.filter((task) => task.start >= since && task.duration > limit),
          slowClicks: globalThis.__starlingBench.clicks.filter((click) => click.start >= since),
        }),
        [startedAt, LONG_TASK_MS],
      );
      const longestClickMs = Math.max(0, ...slowClicks.map((click) => click.duration));
      // Long tasks are read before the count: opening the insights to read it renders the tree once.
      const { counted, drainMs } = await drain(page, countedBefore + sent);
      const received = counted - countedBefore;
      countedBefore = counted;
      const tally = await messageTally(page);
      const tallied = tally && tallyBefore ? { received: tally.received - tallyBefore.received, droppedByLimit: tally.dropped - tallyBefore.dropped } : undefined;
      tallyBefore = tally;
      const heapAfter = await heapUsedAfterCollection(devtools);
      const sustained =
        longTasks.length === 0 && heapAfter - heapBefore < HEAP_GROWTH_LIMIT_BYTES && received === sent && (tallied === undefined || tallied.received === sent) && longestClickMs <= CLICK_LIMIT_MS;
      steps.push({
        rate,
        seconds,
        sent,
        received,
        drainMs,
        longTasks: longTasks.length,
        longestTaskMs: Math.round(Math.max(0, ...longTasks.map((task) => task.duration))),
        heapGrowthBytes: heapAfter - heapBefore,
        heapAfterBytes: heapAfter,
        ...(tallied ? { tallied } : {}),
        clicks,
        // Event Timing leaves out clicks answered within 16 ms.
        slowClicks: slowClicks.length,
        longestClickMs: Math.round(longestClickMs),
        sustained,
      });
      // A long task is one bad moment (or another program on a busy machine); messages not counted
      // mean the page fell behind, and faster steps could only fall further.
      if (received < sent) break;
    }
    const firstFailed = steps.findIndex((step) => !step.sustained);
    const sustainedRate = Math.max(0, ...steps.slice(0, firstFailed === -1 ? steps.length : firstFailed).map((step) => step.rate));
    const target = steps.find((step) => step.rate === TARGET.rate && step.seconds === TARGET.seconds);
    const highestHeld = Math.max(0, ...steps.filter((step) => step.sustained).map((step) => step.rate));
    const heapAtEnd = await heapUsedAfterCollection(devtools);
    return { status: 'measured', ...(cpuSlowdown ? { cpuSlowdown } : {}), heapAtStartBytes: heapAtStart, heapAtEndBytes: heapAtEnd, sustainedRate, highestHeld, target: target ? { ...TARGET, held: target.sustained } : undefined, steps };
  } finally {
    await context.close();
  }
}

const mib = (bytes) => format(bytes / 2 ** 20);

/** The page's section of a result. */
export function webSocketClientMarkdown(wsClient) {
  if (wsClient.status !== 'measured') return `Not available yet: ${wsClient.reason}.`;
  const slowdown = wsClient.cpuSlowdown ? ` The page's CPU was slowed ${wsClient.cpuSlowdown}× during the steps (DevTools CPU throttling).` : '';
  const heap = wsClient.heapAtStartBytes === undefined ? '' : ` JS heap after a forced collection: ${mib(wsClient.heapAtStartBytes)} MiB before the first step, ${mib(wsClient.heapAtEndBytes)} MiB after the last.`;
  return `Sustained ${wsClient.sustainedRate} messages/s (every step up to it passed; highest step passed ${wsClient.highestHeld}/s) with no long task over ${LONG_TASK_MS} ms, bounded heap, every message counted and every click answered within ${CLICK_LIMIT_MS} ms.${
    wsClient.target ? ` Target ${wsClient.target.rate}/s for ${wsClient.target.seconds} s: ${wsClient.target.held ? 'held' : 'not held'}.` : ''
  }${heap}${slowdown}

*counted by the tree*: the topic tree's count (Insights); *received / dropped by limit*: the tally under the list (messages received, and those the list let go for its "messages to keep" limit), when the page has one; *clicks*: the list's order button clicked every ${CLICK_EVERY_MS / 1000} s during the step, the longest click from input to the next painted frame (Event Timing; "< 16" when none took 16 ms or more).

${table(
  ['rate/s', 's', 'sent', 'counted by the tree', 'received / dropped by limit', 'drain ms', 'long tasks', 'longest ms', 'clicks', 'longest click ms', 'heap growth MiB', 'sustained'],
  wsClient.steps.map((step) => [
    step.rate,
    step.seconds,
    step.sent,
    step.received,
    step.tallied ? `${step.tallied.received} / ${step.tallied.droppedByLimit}` : '–',
    step.drainMs,
    step.longTasks,
    step.longestTaskMs,
    step.clicks ?? '–',
    step.clicks === undefined ? '–' : step.slowClicks ? step.longestClickMs : '< 16',
    mib(step.heapGrowthBytes),
    step.sustained ? 'yes' : 'no',
  ]),
)}`;
}
