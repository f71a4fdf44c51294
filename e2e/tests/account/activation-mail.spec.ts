import { expect, test } from '@playwright/test';
import { startMailServer } from '../../../mock-broker/test/support/outside-services/mail-server.js';
import { OPERATOR, openConsoleAs } from '../../support/accounts.js';
import { callApi, signInToApi } from '../../support/api.js';
import { e2eBroker } from '../../support/broker-settings.js';

// Spec section 7, resend activation mail: from the users page, to an account that has not set its
// password yet; the second mail's link works, the first one no longer does.

const INVITED = 'late-starter@starling.local';
const activationLink = (text: string) => new RegExp(`${e2eBroker.baseUrl.replace(/[.:/]/g, '\\$&')}/login/createPassword\\?activateToken=([A-Za-z0-9_%-]+)`).exec(text);

test('an administrator resends the activation mail, and its new link activates the account', async ({ page }) => {
  const mailServer = await startMailServer();
  try {
    const adminToken = await signInToApi(OPERATOR.username, OPERATOR.password);
    await callApi('POST', '/api/admin/settings', {
      key: 'mail',
      jsonValue: { mailFrom: 'Starling <noreply@starling.test>', smtpProtocol: 'smtp', smtpHost: '127.0.0.1', smtpPort: mailServer.port, timeout: 5000, enableTls: false },
    }, adminToken);
    const invited = await callApi<{ id: string }>('POST', '/api/admin?sendActivationMail=true', { email: INVITED }, adminToken);
    const firstLink = activationLink((await mailServer.nextMail()).text);
    expect(firstLink).not.toBeNull();

    await openConsoleAs(page, OPERATOR);
    await page.goto('/users');
    await page.getByLabel('Search users').fill(INVITED);
    const row = page.getByTestId('user-row').filter({ hasText: INVITED });
    await expect(row.getByText('Awaiting activation')).toBeVisible();
    await row.getByRole('button', { name: `Resend activation mail to ${INVITED}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Activation mail sent to ${INVITED}.` })).toBeVisible();

    const second = await mailServer.nextMail();
    expect(second.to).toEqual([INVITED]);
    const secondLink = activationLink(second.text);
    expect(secondLink?.[1]).toBeTruthy();
    expect(secondLink?.[1]).not.toBe(firstLink?.[1]);

    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('logout').click();
    await page.goto(secondLink?.[0] ?? '');
    await page.getByLabel('New password', { exact: true }).fill('Late-start-1');
    await page.getByLabel('New password again').fill('Late-start-1');
    await page.getByTestId('new-password-submit').click();
    await expect(page).not.toHaveURL(/\/login\/createPassword/);

    const activated = await callApi<{ activationPending?: boolean }>('GET', `/api/admin/user/${invited.id}`, undefined, adminToken);
    expect(activated.activationPending).toBe(false);
  } finally {
    await mailServer.close();
  }
});
