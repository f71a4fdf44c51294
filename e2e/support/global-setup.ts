import { OPERATOR } from './accounts.js';
import { createSettledUser, signInToApi } from './api.js';

/**
 * Runs once the broker is up. The default administrator keeps its default password for the
 * forced-change journey; the other journeys sign in as an operator created here.
 */
export default async function globalSetup(): Promise<void> {
  // The default administrator's password is the role word (spec section 9).
  const adminToken = await signInToApi('sysadmin@starling.local', 'sysadmin');
  await createSettledUser(adminToken, OPERATOR.username, OPERATOR.password);
}
