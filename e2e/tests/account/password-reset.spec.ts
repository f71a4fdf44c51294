import { expect, test } from '@playwright/test';
import { startMailServer } from '../../../mock-broker/test/support/outside-services/mail-server.js';
import { OPERATOR, signIn } from '../../support/accounts.js';
import { callApi, createSettledUser, signInToApi } from '../../support/api.js';
import { e2eBroker } from '../../support/broker-settings.js';

const FORGETFUL = { username: 'forgetful@starling.local', password: 'Tide-table-1' };

test('a user who forgot the password resets it through the link in the mail', async ({ page }) => {
  const mailServer = await startMailServer();
  try {
    const adminToken = await signInToApi(OPERATOR.username, OPERATOR.password);
    await createSettledUser(adminToken, FORGETFUL.username, FORGETFUL.password);
    await callApi('POST', '/api/admin/settings', {
      key: 'mail',
      jsonValue: { mailFrom: 'Starling <noreply@starling.test>', smtpProtocol: 'smtp', smtpHost: '127.0.0.1', smtpPort: mailServer.port, timeout: 5000, enableTls: false },
    }, adminToken);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/login\/resetPasswordRequest$/);
    const email = page.getByLabel('Email');
    await email.fill('forgetful');
    await page.getByTestId('reset-request-submit').click();
    await expect(page.getByText('Invalid email format.')).toBeVisible();

    await email.fill(FORGETFUL.username);
    await page.getByTestId('reset-request-submit').click();
    await expect(page.getByRole('status').filter({ hasText: 'Reset link has been sent' })).toBeVisible();
    // One click, one mail: the button stays disabled.
    await expect(page.getByTestId('reset-request-submit')).toBeDisabled();

    const mail = await mailServer.nextMail();
    expect(mail.to).toEqual([FORGETFUL.username]);
    const link = new RegExp(`${e2eBroker.baseUrl.replace(/[.:/]/g, '\\$&')}/login/resetPassword\\?resetToken=[A-Za-z0-9_%-]+`).exec(mail.text)?.[0];
    expect(link).toBeTruthy();

    await page.goto(link ?? '');
    await page.getByLabel('New password', { exact: true }).fill('Tide-table-2');
    await page.getByLabel('New password again').fill('Tide-table-3');
    await page.getByTestId('new-password-submit').click();
    await expect(page.getByText('Entered passwords must be the same!')).toBeVisible();
    await page.getByLabel('New password again').fill('Tide-table-2');
    await page.getByTestId('new-password-submit').click();

    // The reset signs the user in.
    await expect(page).toHaveURL(/\/home$/);
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('logout').click();
    await signIn(page, { ...FORGETFUL, password: 'Tide-table-2' });
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  } finally {
    await mailServer.close();
  }
});
