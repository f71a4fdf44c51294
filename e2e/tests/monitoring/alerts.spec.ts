import { expect, test } from '@playwright/test';
import type { MqttClient } from 'mqtt';
import { startMailServer } from '../../../mock-broker/test/support/outside-services/mail-server.js';
import { OPERATOR, openConsoleAs } from '../../support/accounts.js';
import { callApi, createMqttCredentials, signInToApi } from '../../support/api.js';
import { e2eBroker } from '../../support/broker-settings.js';
import { connectMqttClient } from '../../support/mqtt-client.js';

const RUN = Date.now();
const RULE_NAME = `E2E busy broker ${RUN}`;
const RECIPIENT = 'alerts-e2e@starling.test';
const PUBLISHER = { name: `E2E alert publisher ${RUN}`, username: `e2e-alert-publisher-${RUN}`, password: 'Alert-publisher-1' };

test('an alert rule made in the console fires on MQTT traffic, shows as active, mails its recipient and resolves', async ({ page }) => {
  test.setTimeout(90_000);
  const mailServer = await startMailServer();
  const token = await signInToApi(OPERATOR.username, OPERATOR.password);
  let publisher: MqttClient | undefined;
  let traffic: NodeJS.Timeout | undefined;
  let credentialsId: string | undefined;
  try {
    await callApi('POST', '/api/admin/settings', {
      key: 'mail',
      jsonValue: { mailFrom: 'Starling <alerts@starling.test>', smtpProtocol: 'smtp', smtpHost: '127.0.0.1', smtpPort: mailServer.port, timeout: 5000, enableTls: false },
    }, token);
    // Once any client credentials exist, anonymous clients are refused: the publisher has its own.
    credentialsId = await createMqttCredentials(token, PUBLISHER);

    await openConsoleAs(page, OPERATOR);
    await page.goto('/monitoring');
    await page.getByTestId('add-alert-rule').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(RULE_NAME);
    await dialog.getByLabel('Metric', { exact: true }).selectOption('incomingMsgs');
    await dialog.getByLabel('Node', { exact: true }).selectOption('total');
    await dialog.getByLabel('Fires when the metric is').selectOption('GREATER');
    await dialog.getByLabel('Threshold').fill('2');
    await dialog.getByLabel('minutes', { exact: true }).fill('0');
    await dialog.getByLabel('seconds', { exact: true }).fill('2');
    await dialog.getByLabel('Recipients').fill(RECIPIENT);
    await dialog.getByLabel('Recipients').press('Enter');
    await dialog.getByTestId('alert-rule-dialog-save').click();
    await expect(dialog).toBeHidden();
    const ruleRow = page.getByTestId('alert-rule-row').filter({ hasText: RULE_NAME });
    await expect(ruleRow).toContainText('> 2');
    await expect(ruleRow).toContainText('2 seconds');
    await expect(ruleRow).toContainText(RECIPIENT);

    // About twenty messages a second, sampled every second by the e2e broker.
    const connected = await connectMqttClient(`e2e-alert-publisher-${RUN}`, { username: PUBLISHER.username, password: PUBLISHER.password });
    publisher = connected;
    traffic = setInterval(() => connected.publish('e2e/alerts/traffic', 'tick'), 50);

    const alertRow = page.getByTestId('alert-row').filter({ hasText: RULE_NAME });
    await expect(alertRow.getByTestId('alert-status')).toHaveText('Active', { timeout: 30_000 });
    const mail = await mailServer.nextMail(20_000);
    expect(mail.to).toEqual([RECIPIENT]);
    expect(mail.text).toContain(`Subject: Starling alert: ${RULE_NAME}`);
    expect(mail.text).toContain('Metric: Incoming messages');
    expect(mail.text).toContain(`${e2eBroker.baseUrl}/monitoring`);
    await expect(alertRow).toContainText('Sent');

    clearInterval(traffic);
    traffic = undefined;
    await expect(alertRow.getByTestId('alert-status')).toHaveText('Resolved', { timeout: 30_000 });
    expect((await mailServer.nextMail(20_000)).text).toContain(`Subject: Starling alert resolved: ${RULE_NAME}`);
  } finally {
    if (traffic) clearInterval(traffic);
    await publisher?.endAsync(true);
    const rules = await callApi<{ id: string; name: string }[]>('GET', '/api/monitoring/alert-rule', undefined, token);
    for (const rule of rules.filter((each) => each.name === RULE_NAME)) await callApi('DELETE', `/api/monitoring/alert-rule/${rule.id}`, undefined, token);
    if (credentialsId) await callApi('DELETE', `/api/mqtt/client/credentials/${credentialsId}`, undefined, token);
    await mailServer.close();
  }
});
