// The web-socket client page's message rate: how many incoming MQTT messages per second the page
// sustains with no long task over 50 ms and bounded memory. The page arrives with a later issue;
// the rate ladder, the publisher and the checks are here, and connectPageToBroker() is the one
// step that needs the page's real controls.
import { WireClient, publishTemplate } from '../broker/mqtt-wire.mjs';
import { installProbes } from './page-probes.mjs';
import { fillSignInForm, loginButton } from './sign-in.mjs';

const RATES = [100, 250, 500, 1000, 2000, 5000];
const TOPIC = 'bench/ws-client';
const LONG_TASK_MS = 50;
/** Heap growth (after a forced collection) that still counts as bounded over one step. */
const HEAP_GROWTH_LIMIT_BYTES = 20 * 2 ** 20;

/**
 * Drives the page: add a connection to the broker's WebSocket listener, connect, subscribe to
 * TOPIC. Answers false while the page is a placeholder, or when the page exists but this function
 * has not been taught its controls yet (then the result says so instead of failing the run).
 */
async function connectPageToBroker(page) {
  if ((await page.locator('.page-placeholder').count()) > 0) return { ready: false, reason: 'the web-socket client page is still a placeholder' };
  return { ready: false, reason: 'the page exists but connectPageToBroker (scripts/bench/console/ws-client-throughput.mjs) does not drive it yet' };
}

async function heapUsedAfterCollection(devtools) {
  await devtools.send('HeapProfiler.collectGarbage');
  const { metrics } = await devtools.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value;
}

/** Publishes to TOPIC at `rate` messages per second for `seconds`. */
async function publishAtRate(port, rate, seconds) {
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
    await page.locator('main').waitFor();
    const connection = await connectPageToBroker(page);
    if (!connection.ready) return { status: 'not available yet', reason: connection.reason };

    const devtools = await context.newCDPSession(page);
    await devtools.send('Performance.enable');
    const seconds = quick ? 3 : 10;
    const steps = [];
    for (const rate of RATES) {
      const heapBefore = await heapUsedAfterCollection(devtools);
      const startedAt = await page.evaluate(() => performance.now());
      const sent = await publishAtRate(mqttPort, rate, seconds);
      const longTasks = await page.evaluate(
        ([since, limit]) => globalThis.__starlingBench.longTasks.filter((task) => task.start >= since && task.duration > limit),
        [startedAt, LONG_TASK_MS],
      );
      const heapAfter = await heapUsedAfterCollection(devtools);
      const sustained = longTasks.length === 0 && heapAfter - heapBefore < HEAP_GROWTH_LIMIT_BYTES;
      steps.push({ rate, sent, longTasks: longTasks.length, heapGrowthBytes: heapAfter - heapBefore, sustained });
      if (!sustained) break;
    }
    const sustainedRate = Math.max(0, ...steps.filter((step) => step.sustained).map((step) => step.rate));
    return { status: 'measured', sustainedRate, steps };
  } finally {
    await context.close();
  }
}
