import { expect, test } from '@playwright/test';
import { startMailServer } from '../../mock-broker/test/support/outside-services/mail-server.js';
import { openConsoleAs } from '../support/accounts.js';
import { callApi } from '../support/api.js';
import { compatApiToken } from '../support/compat-clients.js';
import { compatSettings } from '../support/compat-settings.js';

/**
 * The outgoing-mail journey: it points the broker at a mail server of its own, on this machine, so
 * playwright.compat.config.ts collects it only when the broker runs here too (only such a broker
 * reaches that server, and only a broker for trying things should have its mail settings changed).
 */
test('outgoing mail settings are saved and a test mail arrives', async ({ page }) => {
  const mailServer = await startMailServer();
  const token = await compatApiToken();
  const before = await callApi<{ jsonValue: Record<string, unknown> }>('GET', '/api/admin/settings/mail', undefined, token, compatSettings.broker);
  try {
    await openConsoleAs(page, compatSettings);
    await page.goto('/settings/outgoing-mail');
    const form = page.getByRole('form', { name: 'Outgoing mail' });
    await form.getByLabel(/^Mail from/).fill('Compat run <compat@example.com>');
    await form.getByLabel(/^SMTP host/).fill('127.0.0.1');
    await form.getByLabel(/^SMTP port/).fill(String(mailServer.port));
    if (await form.getByLabel('Enable TLS (STARTTLS)').isChecked()) await form.getByText('Enable TLS (STARTTLS)').click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Outgoing mail settings saved.' })).toBeVisible();
    await page.reload();
    await expect(form.getByLabel(/^SMTP port/)).toHaveValue(String(mailServer.port));

    await form.getByRole('button', { name: 'Send test mail' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Test mail was sent to ${compatSettings.username}.` })).toBeVisible();
    const mail = await mailServer.nextMail(30_000);
    expect(mail.to).toEqual([compatSettings.username]);
    await expect(page.locator('.toast--error')).toHaveCount(0);
  } finally {
    await callApi('POST', '/api/admin/settings', { ...before, jsonValue: before.jsonValue }, token, compatSettings.broker);
    await mailServer.close();
  }
});
