import { DEFAULT_ADMIN, OPERATOR } from './accounts.js';
import { callApi, createSettledUser, signInToApi } from './api.js';

/** The default administrator's password while the setup borrows the account. */
const SETUP_PASSWORD = 'Global-setup-only-1';

/**
 * Runs once the broker is up. The journeys sign in as an operator created here. Creating it takes a
 * full session, which the broker gives the default administrator only once its default password is
 * changed; afterwards the operator deletes that account. No account can be put back with the default
 * password (a user created without one gets a one-time password): the forced-change journey starts a
 * fresh broker of its own.
 */
export default async function globalSetup(): Promise<void> {
  const restricted = await signInToApi(DEFAULT_ADMIN.username, DEFAULT_ADMIN.password);
  const { token: adminToken } = await callApi<{ token: string }>(
    'POST',
    '/api/auth/changePassword',
    { currentPassword: DEFAULT_ADMIN.password, newPassword: SETUP_PASSWORD },
    restricted,
  );
  await createSettledUser(adminToken, OPERATOR.username, OPERATOR.password);

  const operatorToken = await signInToApi(OPERATOR.username, OPERATOR.password);
  const admin = await callApi<{ id: string }>('GET', '/api/auth/user', undefined, adminToken);
  await callApi('DELETE', `/api/admin/${admin.id}`, undefined, operatorToken);
}
