import { ApiClient } from './api-client.js';

export interface TokenPair {
  token: string;
  refreshToken: string;
}

/**
 * Creates a user (through an administrator's client) whose password is its own: set first by the
 * administrator, then changed once by the user, so its sign-ins get full tokens (openapi.yaml,
 * "Password change required").
 */
export async function createSettledUser(admin: ApiClient, email: string, password: string): Promise<{ id: string }> {
  const created = await admin.call<{ id: string }>('POST', '/api/admin', { email, password: `${password}-first` });
  if (created.status !== 200) throw new Error(`could not create ${email}: ${created.status} ${JSON.stringify(created.body)}`);
  const user = new ApiClient(admin.baseUrl);
  await user.signIn(email, `${password}-first`);
  const changed = await user.call('POST', '/api/auth/changePassword', { currentPassword: `${password}-first`, newPassword: password });
  if (changed.status !== 200) throw new Error(`${email} could not change its password: ${changed.status} ${JSON.stringify(changed.body)}`);
  return created.body;
}

/** The claims part of a token, as any client can read it. */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}
