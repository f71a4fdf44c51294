import { expect, type Page } from '@playwright/test';

/** Opens the web-socket client from the menu and adds a connection with the dialog's defaults: it reaches `url`. */
export async function addDefaultConnection(page: Page, name: string, url: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Web socket client', { exact: true }).click();
  await expect(page).toHaveURL(/\/ws-client/);
  await page.getByRole('button', { name: 'Add connection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add connection' });
  const nameField = dialog.getByRole('textbox', { name: /^Name/ });
  await expect(nameField).not.toHaveValue('');
  await nameField.fill(name);
  await dialog.getByTestId('ws-connection-save').click();
  await expect(dialog).toBeHidden();
  const item = page.getByTestId('ws-connection-item').filter({ hasText: name });
  await expect(item.getByRole('button', { name: `Disconnected ${name} ${url}`, exact: true })).toHaveAttribute('aria-current', 'true');
}

/** Connects the selected connection, subscribes to `root/#`, publishes a text to `root/hello` and sees it come back. */
export async function roundTrip(page: Page, root: string, text: string): Promise<void> {
  await page.getByTestId('ws-connect').click();
  await expect(page.getByTestId('ws-connection-status')).toHaveText('Connected');
  await page.getByTestId('ws-subscription-add').click();
  const subscriptionDialog = page.getByRole('dialog', { name: 'Add subscription' });
  await subscriptionDialog.getByRole('textbox', { name: /^Topic filter/ }).fill(`${root}/#`);
  await subscriptionDialog.getByTestId('ws-subscription-save').click();
  await expect(subscriptionDialog).toBeHidden();
  await expect(page.getByTestId('ws-subscription-row').filter({ hasText: `${root}/#` })).toBeVisible();
  const publish = page.getByRole('form', { name: 'Publish' });
  await publish.getByRole('textbox', { name: /^Topic/ }).fill(`${root}/hello`);
  await publish.getByRole('textbox', { name: /^Payload/ }).fill(text);
  await publish.getByTestId('publish-button').click();
  const received = page.getByTestId('ws-message-row').filter({ has: page.getByLabel('Received', { exact: true }) });
  await expect(received).toHaveCount(1);
  await expect(received).toContainText(`${root}/hello`);
  await expect(received).toContainText(text);
}
