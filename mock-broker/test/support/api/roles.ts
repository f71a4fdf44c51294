import { ApiClient } from './api-client.js';

export type UserRole = 'ADMIN' | 'READ_ONLY';

export interface UserWithRole {
  id: string;
  email: string;
  role: UserRole;
}

/**
 * Creates a user with the role (through an administrator's client) whose password is its own, and
 * answers a client signed in as it: set first by the administrator, then changed by the user, which
 * a read-only account may do (openapi.yaml "Changes and roles").
 */
export async function signedInUserWithRole(admin: ApiClient, email: string, role: UserRole, password = `${email}-chosen-1`): Promise<{ user: UserWithRole; api: ApiClient }> {
  const created = await admin.call<UserWithRole>('POST', '/api/admin', { email, role, password: `${password}-first` });
  if (created.status !== 200) throw new Error(`could not create ${email}: ${created.status} ${JSON.stringify(created.body)}`);
  const api = new ApiClient(admin.baseUrl);
  await api.signIn(email, `${password}-first`);
  const changed = await api.call<{ token: string }>('POST', '/api/auth/changePassword', { currentPassword: `${password}-first`, newPassword: password });
  if (changed.status !== 200) throw new Error(`${email} could not change its password: ${changed.status} ${JSON.stringify(changed.body)}`);
  api.token = changed.body.token;
  return { user: created.body, api };
}

/** Saves the user with another role, as the users page does (the whole user as answered, role changed). */
export async function setRole(admin: ApiClient, user: UserWithRole, role: UserRole) {
  return admin.call<UserWithRole & { errorCode: number; message: string }>('POST', '/api/admin', { ...user, role });
}
