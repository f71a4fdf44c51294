import { createServer, type IncomingMessage, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { OPERATOR, openConsoleAs } from '../../support/accounts.js';
import { connectMqttClient } from '../../support/mqtt-client.js';
import { steadyPorts } from '../../../scripts/ports.mjs';

// The broker is shared by every spec file: this run's integration and topics carry a name of their own.
const RUN = `e2e-ie-${Date.now()}`;

/** What the target service was sent: the JSON documents, in the order they came. */
interface Received {
  topicName: string;
  payload: unknown;
  metadata: Record<string, string>;
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** A tiny HTTP service taking POSTs to /in, on `port`. */
async function startTarget(received: Received[], port: number): Promise<Server> {
  const server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      if (request.method === 'POST' && request.url === '/in') received.push(JSON.parse(body) as Received);
      response.writeHead(request.url === '/in' ? 200 : 404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

async function stopTarget(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

test('an administrator adds an HTTP integration, sees messages reach the service, a backlog build while it is down and drain after, and deletes it', async ({ page }) => {
  test.setTimeout(180_000);
  const received: Received[] = [];
  // Stopped and started again on its port below: one no outgoing socket is handed meanwhile.
  const [port] = (await steadyPorts(1)) as [number];
  let server = await startTarget(received, port);
  const publisher = await connectMqttClient(`${RUN}-publisher`);
  try {
    await openConsoleAs(page, OPERATOR);
    await page.getByRole('navigation', { name: 'Main menu' }).getByText('Integrations', { exact: true }).click();
    await expect(page).toHaveURL(/\/integrations$/);

    // Add: HTTP by default; the connection check tries the service with the dialog's values.
    await page.getByTestId('add-integration').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#integration-name').fill(RUN);
    const filters = dialog.locator('#integration-topicFilters');
    await filters.fill(`${RUN}/bad#`);
    await filters.press('Enter');
    await expect(dialog.getByText(/Not an MQTT topic filter/)).toBeVisible();
    await filters.fill(`${RUN}/sensors/#`);
    await filters.press('Enter');
    await dialog.locator('#integration-restEndpointUrl').fill(`http://127.0.0.1:${port}/in`);
    await dialog.getByTestId('integration-check-connection').click();
    await expect(dialog.getByText('The target is reachable.')).toBeVisible();
    await dialog.getByTestId('integration-save').click();
    await expect(dialog).toHaveCount(0);
    const row = page.getByTestId('integration-row').filter({ hasText: RUN });
    await expect(row).toContainText('Started');

    // Messages to a matching topic reach the service, as JSON documents, and are counted as sent.
    for (const index of [1, 2, 3]) await publisher.publishAsync(`${RUN}/sensors/t`, JSON.stringify({ index }), { qos: 1 });
    await publisher.publishAsync(`${RUN}/other`, 'not for the integration', { qos: 1 });
    await expect.poll(() => received.map((message) => message.payload), { timeout: 30_000 }).toEqual([{ index: 1 }, { index: 2 }, { index: 3 }]);
    expect(received.every((message) => message.topicName === `${RUN}/sensors/t`)).toBe(true);
    await expect(row.getByTestId('integration-sent')).toHaveText('3', { timeout: 30_000 });

    // The service stops: the messages wait in the backlog, and the details name the error.
    await stopTarget(server);
    for (const index of [4, 5]) await publisher.publishAsync(`${RUN}/sensors/t`, JSON.stringify({ index }), { qos: 1 });
    await row.click();
    const details = page.getByTestId('integration-details');
    // The details open on the integration's charts from the time series (sampled every second here):
    // the three messages sent are in the sent chart.
    const sentChart = details.getByTestId('integration-chart-integrationSent');
    await expect(sentChart).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
    await expect(sentChart.locator('canvas')).toHaveCount(1, { timeout: 30_000 });
    await expect(sentChart).not.toContainText('No data in this time range');
    await expect(details.getByTestId('integration-charts').locator('[data-testid^="integration-chart-"]')).toHaveCount(5);
    await expect(details.getByTestId('integration-details-last-error')).toContainText(/ECONNREFUSED|connect|fetch failed/i, { timeout: 60_000 });
    await expect(details.getByTestId('integration-details-backlog')).toContainText(/^2 messages/, { timeout: 30_000 });
    await details.getByRole('tab', { name: 'Errors' }).click();
    await expect(details.getByTestId('integration-events-ERROR').getByTestId('integration-event-row').first()).toContainText(/POST|ECONNREFUSED|connect/i, { timeout: 30_000 });

    // It starts again on the same port; a restart retries at once, and the backlog drains in order.
    server = await startTarget(received, port);
    await details.getByTestId('integration-restart').click();
    await expect.poll(() => received.map((message) => message.payload), { timeout: 60_000 }).toEqual([1, 2, 3, 4, 5].map((index) => ({ index })));
    await expect(details.getByTestId('integration-details-backlog')).toContainText(/^0 messages/, { timeout: 30_000 });

    // Delete from the details, after a confirmation naming it: the details close and the row goes.
    await details.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Delete integration ${RUN}?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(details).toHaveCount(0);
    await expect(row).toHaveCount(0);
  } finally {
    await publisher.endAsync(true);
    await stopTarget(server).catch(() => undefined);
  }
});
