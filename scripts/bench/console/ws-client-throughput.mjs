// The web-socket client page's message rate: how many incoming MQTT messages per second the page
// sustains with no long task over 50 ms, bounded memory and every message delivered. The page is
// driven through its own controls: a connection, its subscription to TOPIC, Connect.
import { WireClient, publishTemplate } from '../broker/mqtt-wire.mjs';
import { installProbes } from './page-probes.mjs';
import { fillSignInForm, loginButton } from './sign-in.mjs';

/**
 * Rates of the ladder, each held for STEP_SECONDS; in a full run the target, 5,000/s, is then
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
  await dialog.getByRole('radio', { name: 'Custom' }).check({ force: true });
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

export async function measureWebSocketClientPage({ browser, baseUrl, credentials, mqttPort, quick }) {
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
    await publishAtRate(mqttPort, WARM_UP.rate, WARM_UP.seconds);
    const steps = [];
    let countedBefore = await messagesCounted(page);
    await foldInsights(page);
    for (const { rate, seconds } of stepsOf(quick)) {
      const heapBefore = await heapUsedAfterCollection(devtools);
      const startedAt = await page.evaluate(() => performance.now());
      const sent = await publishAtRate(mqttPort, rate, seconds);
      const longTasks = await page.evaluate(
        ([since, limit]) => globalThis.__starlingBench.longTasks.filter((task) => task.start >= since && task.duration > limit),
        [startedAt, LONG_TASK_MS],
      );
      // Long tasks are read before the count: opening the insights to read it renders the tree once.
      const { counted, drainMs } = await drain(page, countedBefore + sent);
      const received = counted - countedBefore;
      countedBefore = counted;
      const heapAfter = await heapUsedAfterCollection(devtools);
      const sustained = longTasks.length === 0 && heapAfter - heapBefore < HEAP_GROWTH_LIMIT_BYTES && received === sent;
      steps.push({
        rate,
        seconds,
        sent,
        received,
        drainMs,
        longTasks: longTasks.length,
        longestTaskMs: Math.round(Math.max(0, ...longTasks.map((task) => task.duration))),
        heapGrowthBytes: heapAfter - heapBefore,
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
    return { status: 'measured', sustainedRate, highestHeld, target: target ? { ...TARGET, held: target.sustained } : undefined, steps };
  } finally {
    await context.close();
  }
}
