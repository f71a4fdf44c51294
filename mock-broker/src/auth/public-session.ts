import { timingSafeEqual } from 'node:crypto';
import { ApiError } from '../http/api-error.js';
import type { User } from '../users/user.js';

/**
 * The principal behind a public session (spec sections 1 and 6: sign-in by a public id, token
 * flagged isPublic). It is not a stored user: it has no password, cannot be edited and holds the
 * ANONYMOUS authority, so the console shows it no menu, profile or admin pages.
 */
export const PUBLIC_VIEWER: User = {
  id: 'public',
  createdTime: 0,
  email: 'public@starling.local',
  authority: 'ANONYMOUS',
  // It may change nothing at all (the public-session marks decide what it may read).
  role: 'READ_ONLY',
  firstName: 'Public',
  lastName: 'view',
  activationPending: false,
  additionalInfo: {},
};

export class PublicSignIn {
  constructor(private readonly publicId: string | undefined) {}

  /** Checks the id in constant time; refuses every id while no public id is configured. */
  signIn(publicId: string): User {
    if (this.publicId === undefined) throw ApiError.unauthorized('Public sign-in is not enabled on this broker');
    const expected = Buffer.from(this.publicId);
    const given = Buffer.from(publicId);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw ApiError.unauthorized('Invalid public id');
    }
    return PUBLIC_VIEWER;
  }
}
