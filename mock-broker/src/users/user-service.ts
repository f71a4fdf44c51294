import bcrypt from 'bcryptjs';
import { ApiError, ErrorCode } from '../http/api-error.js';
import { toPage, type Page } from '../http/page.js';
import type { UserPageQuery, UserRepository } from './user-repository.js';
import { DEFAULT_ADMIN_PASSWORD, type OwnAdditionalInfo, ownAdditionalInfo, type PasswordHistoryEntry, type User, type UserAdditionalInfo, type UserRole } from './user.js';

export const BCRYPT_ROUNDS = 10;

/** POST /api/admin's body (openapi.yaml, AdminUserSave): an update may be the whole user as answered. */
export interface UserSaveRequest {
  id?: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  password?: string;
  /** ADMIN when not given on creation; kept when not given on update. */
  role?: UserRole;
  additionalInfo?: OwnAdditionalInfo | null;
}

export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  additionalInfo?: OwnAdditionalInfo;
}

/** A name as stored: trimmed, empty when unset (answered as null). */
function storedName(name: string | null | undefined): string {
  return name?.trim() ?? '';
}

/** A name a request gives, or the stored one when the request leaves it out. */
function nameOrKept(given: string | null | undefined, stored: string | null): string {
  return given === undefined ? storedName(stored) : storedName(given);
}

/** The password changes kept, latest last: the contract's maxItems, so that a user's answer always fits it. */
export const PASSWORD_HISTORY_KEPT = 100;
/** Hashes kept for the policy's reuse rule: the latest passwords only, so that checking it stays cheap. */
export const PASSWORD_HASHES_KEPT = 24;

function withPasswordSet(info: UserAdditionalInfo, now: number, hash: string): UserAdditionalInfo {
  const history = [...(info.userPasswordHistory ?? []), { ts: now, hash }].slice(-PASSWORD_HISTORY_KEPT);
  const firstWithHash = history.length - PASSWORD_HASHES_KEPT;
  return { ...info, userPasswordHistory: history.map((entry, index) => (index < firstWithHash ? { ts: entry.ts } : entry)) };
}

/**
 * A password an administrator typed in for someone else starts that user's history again, with one
 * entry: like a new user's, it must be changed at the next sign-in (spec section 2).
 */
function withPasswordSetByAnother(info: UserAdditionalInfo, now: number, hash: string): UserAdditionalInfo {
  return { ...info, userPasswordHistory: [{ ts: now, hash }] };
}

/**
 * The password policy (System settings → Security), which the users area asks without knowing where
 * it is kept: refuse answers 400 naming the field for a password it breaks (the user's history for
 * the reuse rule); oneTimePassword makes a random one it takes.
 */
export interface PasswordRules {
  refuse(password: string, field: string, history?: readonly PasswordHistoryEntry[]): Promise<void>;
  oneTimePassword(): string;
}

/** A saved user; initialPassword only when the broker chose the new user's first password (answered once). */
export interface SavedUser {
  user: User;
  initialPassword?: string;
}

/** Work another area does with a user's own data when the user is deleted (src/app/node.ts registers it). */
export type UserDeletionListener = (userId: string) => Promise<void>;

/** Work another area does when a user's role changes, after it is stored (src/app/node.ts registers it). */
export type RoleChangeListener = (userId: string, role: UserRole) => Promise<void>;

/** Administrators and their own profiles (spec sections 2, 5 and 7: users, profile, change password). */
export class UserService {
  private readonly deletionListeners: UserDeletionListener[] = [];
  private readonly roleChangeListeners: RoleChangeListener[] = [];

  constructor(
    private readonly users: UserRepository,
    private readonly rules: PasswordRules,
  ) {}

  /**
   * Areas that start after the accounts and keep data per user register here, so that users/
   * never imports them. Listeners run before the account goes: should one fail, the user is
   * still there to delete again.
   */
  beforeDeleted(listener: UserDeletionListener): void {
    this.deletionListeners.push(listener);
  }

  /** Areas that keep something per user that the user's role decides register here (as beforeDeleted). */
  afterRoleChanged(listener: RoleChangeListener): void {
    this.roleChangeListeners.push(listener);
  }

  page(query: UserPageQuery): Page<User> {
    const { data, totalElements } = this.users.page(query);
    return toPage(data, totalElements, query);
  }

  /** The user's role as stored now; undefined for one that does not exist (a public session's viewer). */
  roleOf(id: string): UserRole | undefined {
    return this.users.role(id);
  }

  get(id: string): User {
    const user = this.users.findById(id);
    if (!user) throw ApiError.notFound(`User with id ${id} is not found`);
    return user;
  }

  /**
   * Creates a user (no id) or updates one. A new user saved without a password gets a random one,
   * which only the creating administrator is answered (spec section 2 gives the shared default here:
   * Starling deliberately does not, see SECURITY.md), unless it is to be activated by e-mail: then it
   * gets none until it sets its own. Either way somebody else chose it, so it must be changed at the
   * first sign-in. The shared default is refused as anybody's password set here.
   */
  async save(request: UserSaveRequest, options: { awaitingActivation?: boolean; savedBy?: string } = {}, now = Date.now()): Promise<SavedUser> {
    const email = request.email.trim();
    const holder = this.users.findByEmail(email);
    if (holder && holder.id !== request.id) {
      throw ApiError.conflict(`body.email: a user with e-mail ${email} already exists`);
    }
    refuseSharedDefault(request.password, 'body.password', 'leave it empty on creation to get a one-time password');
    if (request.id === undefined) {
      const names = { email, authority: 'SYS_ADMIN' as const, role: request.role ?? 'ADMIN', firstName: storedName(request.firstName), lastName: storedName(request.lastName) };
      const additionalInfo = ownAdditionalInfo(request.additionalInfo);
      if (options.awaitingActivation) {
        return { user: this.users.create({ ...names, additionalInfo, passwordHash: null }, now) };
      }
      const typed = request.password || undefined;
      if (typed !== undefined) await this.rules.refuse(typed, 'body.password');
      const password = typed ?? this.rules.oneTimePassword();
      const passwordHash = await bcrypt.hash(password, BCRYPT_ROUNDS);
      const user = this.users.create({ ...names, additionalInfo: withPasswordSet(additionalInfo, now, passwordHash), passwordHash }, now);
      return typed === undefined ? { user, initialPassword: password } : { user };
    }
    // The whole user may come back as it was answered: what the server records (history, last
    // sign-in, authority, creation time) is kept from the store, whatever the body says.
    const existing = this.get(request.id);
    if (request.password) await this.rules.refuse(request.password, 'body.password', existing.additionalInfo.userPasswordHistory);
    const additionalInfo = { ...existing.additionalInfo, ...ownAdditionalInfo(request.additionalInfo) };
    const role = request.role ?? existing.role;
    // Checked on the user as stored now, in the same turn of the event loop as the update: two
    // administrators demoting each other at once cannot both pass it.
    if (role !== 'ADMIN') this.refuseLastAdministrator(this.get(existing.id), 'body.role', 'demoted');
    const updated = this.users.update(existing.id, {
      email,
      role,
      firstName: nameOrKept(request.firstName, existing.firstName),
      lastName: nameOrKept(request.lastName, existing.lastName),
      additionalInfo,
    });
    if (request.password) {
      const passwordHash = await bcrypt.hash(request.password, BCRYPT_ROUNDS);
      const history = options.savedBy === existing.id ? withPasswordSet(additionalInfo, now, passwordHash) : withPasswordSetByAnother(additionalInfo, now, passwordHash);
      this.users.setPassword(existing.id, passwordHash, history);
    }
    if (role !== existing.role) for (const listener of this.roleChangeListeners) await listener(existing.id, role);
    return { user: this.get((updated ?? existing).id) };
  }

  saveProfile(userId: string, changes: ProfileChanges): User {
    const user = this.get(userId);
    // The role is the administrators' to set: a profile never carries it.
    const updated = this.users.update(userId, {
      email: user.email,
      role: user.role,
      firstName: nameOrKept(changes.firstName, user.firstName),
      lastName: nameOrKept(changes.lastName, user.lastName),
      additionalInfo: { ...user.additionalInfo, ...ownAdditionalInfo(changes.additionalInfo) },
    });
    return updated ?? user;
  }

  async delete(id: string, signedInUserId: string): Promise<void> {
    // A permission, not bad input (the request is well formed): nobody may delete the account they are signed in with.
    if (id === signedInUserId) throw ApiError.forbidden('You cannot delete your own account');
    this.refuseLastAdministrator(this.get(id), 'id', 'deleted');
    for (const listener of this.deletionListeners) await listener(id);
    // Again after the listeners: another administrator may have been demoted or deleted meanwhile.
    this.refuseLastAdministrator(this.get(id), 'id', 'deleted');
    if (!this.users.delete(id)) throw ApiError.notFound(`User with id ${id} is not found`);
  }

  /** Somebody must be left to administer the broker: the last ADMIN keeps its role and its account. */
  private refuseLastAdministrator(user: User, field: string, what: 'demoted' | 'deleted'): void {
    if (user.role === 'ADMIN' && this.users.otherAdministrators(user.id) === 0) {
      throw ApiError.conflict(`${field}: ${user.email} is the last administrator and cannot be ${what}; make another user an administrator first`);
    }
  }

  /**
   * Checks the current password, sets the new one and records the change in the history. The new
   * one must differ: "changing" a password someone else chose to itself would lift the restriction
   * on the session while that someone still knows it.
   */
  async changePassword(userId: string, currentPassword: string, newPassword: string, now = Date.now()): Promise<User> {
    const hash = this.users.passwordHash(userId);
    if (!hash || !(await bcrypt.compare(currentPassword, hash))) {
      throw new ApiError(400, ErrorCode.invalidArguments, 'body.currentPassword does not match the current password');
    }
    if (newPassword === currentPassword) {
      throw new ApiError(400, ErrorCode.invalidArguments, 'body.newPassword is the current password: choose another one');
    }
    return this.storePassword(userId, newPassword, 'body.newPassword', now);
  }

  /** Sets a password and records it in the history (reset, activation). */
  async setPassword(userId: string, password: string, now = Date.now()): Promise<User> {
    return this.storePassword(userId, password, 'body.password', now);
  }

  /** Refuses, naming the field, a password the user may not be given: the shared default, or one the policy refuses. */
  async checkPassword(userId: string, password: string, field: string): Promise<void> {
    refuseSharedDefault(password, field, 'choose another one');
    await this.rules.refuse(password, field, this.get(userId).additionalInfo.userPasswordHistory);
  }

  private async storePassword(userId: string, password: string, field: string, now: number): Promise<User> {
    await this.checkPassword(userId, password, field);
    const user = this.get(userId);
    const passwordHash = await bcrypt.hash(password, BCRYPT_ROUNDS);
    this.users.setPassword(userId, passwordHash, withPasswordSet(user.additionalInfo, now, passwordHash));
    return this.get(userId);
  }
}

/** The shared default opens no account but the first start's administrator, so nobody may be given it. */
function refuseSharedDefault(password: string | null | undefined, field: string, advice: string): void {
  if (password === DEFAULT_ADMIN_PASSWORD) {
    throw new ApiError(400, ErrorCode.invalidArguments, `${field} is the shared default password: ${advice}`);
  }
}
