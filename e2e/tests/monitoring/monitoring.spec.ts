import { expect, type Locator, type Page, test } from '@playwright/test';
import type { MqttClient } from 'mqtt';
import { OPERATOR, openConsoleAs } from '../../support/accounts.js';
import { callApi, createMqttCredentials, createSettledUser, signInToApi } from '../../support/api.js';
import { connectMqttClient } from '../../support/mqtt-client.js';

// The broker is shared by every spec file; the e2e broker samples every second
// (playwright.config.ts). Once client credentials exist the broker refuses anonymous clients, so
// the publisher has credentials of its own, deleted afterwards.
const RUN = Date.now();
const PUBLISHER = { name: `E2E monitoring publisher ${RUN}`, username: `e2e-monitoring-${RUN}`, password: 'Monitoring-secret-1' };

let credentialsId: string | undefined;
let publisher: MqttClient | undefined;
let publishing: ReturnType<typeof setInterval> | undefined;

test.beforeAll(async () => {
  const token = await signInToApi(OPERATOR.username, OPERATOR.password);
  credentialsId = await createMqttCredentials(token, PUBLISHER);
});

test.afterEach(async () => {
  clearInterval(publishing);
  await publisher?.endAsync(true);
  publisher = undefined;
});

test.afterAll(async () => {
  const token = await signInToApi(OPERATOR.username, OPERATOR.password);
  if (credentialsId) await callApi('DELETE', `/api/mqtt/client/credentials/${credentialsId}`, undefined, token);
});

/** Publishes `perTick` QoS 0 messages every 100 ms until the test ends. */
async function publishSteadily(perTick: number): Promise<void> {
  publisher = await connectMqttClient(`e2e-monitoring-${RUN}`, { username: PUBLISHER.username, password: PUBLISHER.password });
  const client = publisher;
  publishing = setInterval(() => {
    for (let index = 0; index < perTick; index += 1) client.publish(`e2e-monitoring-${RUN}/load`, 'x');
  }, 100);
}

async function openMonitoring(page: Page): Promise<void> {
  await openConsoleAs(page, OPERATOR);
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Monitoring', { exact: true }).click();
  await expect(page).toHaveURL(/\/monitoring$/);
}

const latestOfTotal = (chart: Locator) => chart.locator('tr[data-line="Total"] [data-statistic="latest"]');

/** Drags across the middle of a chart's plot, from 30 % to 70 % of its width. */
async function dragAcross(chart: Locator): Promise<void> {
  const box = await chart.locator('.u-over').boundingBox();
  if (!box) throw new Error('the chart has no plot');
  const y = box.y + box.height / 2;
  await chart.page().mouse.move(box.x + box.width * 0.3, y);
  await chart.page().mouse.down();
  await chart.page().mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
  await chart.page().mouse.move(box.x + box.width * 0.7, y, { steps: 5 });
  await chart.page().mouse.up();
}

/**
 * The incoming-messages chart's queries of its total line on /monitoring, as URLs (the default window
 * averages; charts opened together ask with their keys joined).
 */
function watchIncomingQueries(page: Page): URL[] {
  const queries: URL[] = [];
  page.on('request', (request) => {
    // The home page's monitoring card asks for the same key before the menu leads here.
    if (!new URL(page.url()).pathname.endsWith('/monitoring')) return;
    const url = new URL(request.url());
    const { pathname, searchParams } = url;
    if (pathname === '/api/timeseries/total/values' && (searchParams.get('keys') ?? '').split(',').includes('incomingMsgs') && searchParams.get('agg') === 'AVG') queries.push(url);
  });
  return queries;
}

const spanOf = (query: URL) => Number(query.searchParams.get('endTs')) - Number(query.searchParams.get('startTs'));

test('the incoming messages chart follows real traffic, zooms into a dragged range and back, and the node is active', async ({ page }) => {
  const queries = watchIncomingQueries(page);
  await openMonitoring(page);
  const chart = page.getByTestId('monitoring-chart-incomingMsgs');
  await expect(chart.locator('tr[data-line]')).toHaveCount(2);
  await expect(chart).toHaveAttribute('aria-busy', 'false');
  const before = await latestOfTotal(chart).textContent();

  await publishSteadily(20);
  // Realtime: the chart asks for newer samples every sample interval, and the latest value moves.
  await expect.poll(async () => latestOfTotal(chart).textContent(), { timeout: 20_000 }).not.toBe(before);
  await expect.poll(async () => Number(await latestOfTotal(chart).getAttribute('title')), { timeout: 20_000 }).toBeGreaterThan(0);

  // Zoom: the dragged range is asked again in finer buckets; reset returns to the whole window.
  // The first query is the default window's whole hour; later realtime ones ask only what is new.
  const whole = queries[0] as URL;
  expect(spanOf(whole)).toBe(3_600_000);
  expect(queries.slice(1).every((query) => spanOf(query) < 60_000)).toBe(true);
  const asked = queries.length;
  await dragAcross(chart);
  await expect.poll(() => queries.slice(asked).some((query) => spanOf(query) > 60_000)).toBe(true);
  const zoomed = queries.slice(asked).find((query) => spanOf(query) > 60_000) as URL;
  expect(spanOf(zoomed)).toBeGreaterThan(0.3 * 3_600_000);
  expect(spanOf(zoomed)).toBeLessThan(0.5 * 3_600_000);
  expect(Number(zoomed.searchParams.get('interval'))).toBeLessThan(Number(whole.searchParams.get('interval')));
  const reset = chart.getByRole('button', { name: 'Reset zoom' });
  await expect(reset).toBeVisible();
  await reset.click();
  await expect(reset).toBeHidden();
  // As a user would: the whole hour is drawn again before the next gesture.
  await expect(chart).toHaveAttribute('aria-busy', 'false');

  // Pan: Shift+drag to the right moves the hour back in time, and the moved hour is asked for.
  const beforePan = queries.length;
  await page.keyboard.down('Shift');
  await dragAcross(chart);
  await page.keyboard.up('Shift');
  const wholeEnd = Number(whole.searchParams.get('endTs'));
  const movedBack = (query: URL) => spanOf(query) > 0.9 * 3_600_000 && Number(query.searchParams.get('endTs')) < wholeEnd - 0.3 * 3_600_000;
  await expect.poll(() => queries.slice(beforePan).some(movedBack)).toBe(true);
  await reset.click();
  await expect(reset).toBeHidden();

  // Fullscreen: the chart alone fills the screen, its plot grown with it; and back.
  await chart.getByRole('button', { name: 'Fullscreen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid'))).toBe('monitoring-chart-incomingMsgs');
  await expect.poll(async () => (await chart.locator('canvas').boundingBox())?.height ?? 0).toBeGreaterThan(400);
  await chart.getByRole('button', { name: 'Exit fullscreen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();

  // Resource usage: this node sampled within the hour, so it is active.
  const node = page.getByTestId('service-row');
  await expect(node).toHaveCount(1);
  await expect(node.getByTestId('service-status')).toHaveText('Active');
  await expect(node).toContainText('just now');
});

test('at 500 px wide the charts stack, in German too', async ({ page }) => {
  const german = { username: `monitoring-de-${RUN}@starling.local`, password: 'Deutsch-e2e-pass-1' };
  await createSettledUser(await signInToApi(OPERATOR.username, OPERATOR.password), german.username, german.password, undefined, { lang: 'de_DE' });
  await page.setViewportSize({ width: 500, height: 900 });
  await openConsoleAs(page, german);
  await page.goto('/monitoring');
  await expect(page.getByRole('heading', { name: 'Broker-Statistik' })).toBeVisible();
  await expect(page.getByTestId('monitoring-chart-incomingMsgs').getByRole('columnheader', { name: 'Aktuell' })).toBeVisible();
  const incoming = page.getByTestId('monitoring-chart-incomingMsgs');
  const outgoing = page.getByTestId('monitoring-chart-outgoingMsgs');
  await expect(incoming.locator('canvas')).toBeVisible();
  const [first, second] = await Promise.all([incoming.boundingBox(), outgoing.boundingBox()]);
  expect(second?.y).toBeGreaterThan((first?.y ?? 0) + (first?.height ?? 0) - 1);
  expect(first?.x).toBe(second?.x);
  // The page fits: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(500);
});

test('a raw view asks each line once, reduced to exactly the pixels its plot draws in, and draws it', async ({ page }) => {
  const whole: URL[] = [];
  const polls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname !== '/api/timeseries/total/values' || url.searchParams.get('agg') !== 'NONE' || !(url.searchParams.get('keys') ?? '').split(',').includes('incomingMsgs')) return;
    // The whole range newest first, reduced to pixel columns; a realtime poll asks only what is
    // newer, without an order (the page's sample-interval probe asks the newest two, unreduced).
    if (url.searchParams.has('pixelColumns')) whole.push(url);
    else if (!url.searchParams.has('orderBy')) polls.push(url);
  });
  await openMonitoring(page);
  const chart = page.getByTestId('monitoring-chart-incomingMsgs');
  await expect(chart).toHaveAttribute('aria-busy', 'false');
  await page.locator('.monitoring-page__toolbar .timewindow-picker__button').click();
  await page.locator('.timewindow-panel').getByLabel('Aggregation').selectOption('NONE');
  await page.locator('.timewindow-panel').getByRole('button', { name: 'Update' }).click();

  await expect.poll(() => whole.map((url) => url.search)).toHaveLength(1);
  await expect(chart).toHaveAttribute('aria-busy', 'false');
  await expect.poll(async () => Number((await chart.locator('.time-series-chart__canvas').getAttribute('data-drawn'))?.split('@')[0])).toBeGreaterThan(0);
  // uPlot lays the plot area (.u-over) out at its box in CSS pixels; the query names it in device pixels.
  const { left, width, ratio } = await chart.locator('.u-over').evaluate((over: HTMLElement) => ({ left: over.offsetLeft, width: over.offsetWidth, ratio: window.devicePixelRatio }));
  const asked = whole[0] as URL;
  expect(Number(asked.searchParams.get('pixelColumns'))).toBe(Math.round(width * ratio));
  expect(Number(asked.searchParams.get('pixelLeft'))).toBe(left * ratio);
  // Drawn and polling for newer samples (every second here), it has not asked for the whole range again:
  // a plot whose box followed the answer asked again after every answer.
  const pollsBefore = polls.length;
  await expect.poll(() => polls.length, { timeout: 10_000 }).toBeGreaterThan(pollsBefore + 1);
  expect(whole).toHaveLength(1);
});
