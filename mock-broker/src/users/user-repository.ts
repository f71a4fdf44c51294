import { randomUUID } from 'node:crypto';
import { inTransaction, type Database, type Row } from '../database/database.js';
import { likePattern } from '../database/page-query.js';
import type { Authority, User, UserAdditionalInfo, UserRole } from './user.js';

export interface NewUser {
  email: string;
  authority: Authority;
  /** ADMIN when not given. */
  role?: UserRole;
  firstName?: string;
  lastName?: string;
  additionalInfo?: UserAdditionalInfo;
  /** Null for an account awaiting activation: nobody can sign in to it until a password is set. */
  passwordHash: string | null;
}

/** Names are stored as text, empty when unset; answered as null then, as TBMQ does. */
function nameOf(stored: unknown): string | null {
  const name = String(stored ?? '');
  return name === '' ? null : name;
}

function toUser(row: Row): User {
  return {
    id: String(row.id),
    createdTime: Number(row.created_time),
    email: String(row.email),
    authority: row.authority as Authority,
    role: row.role as UserRole,
    firstName: nameOf(row.first_name),
    lastName: nameOf(row.last_name),
    activationPending: Number(row.activation_pending) === 1,
    additionalInfo: JSON.parse(String(row.additional_info)) as UserAdditionalInfo,
  };
}

/** The account's columns and whether it awaits activation: its credentials have no password yet. */
const USER_COLUMNS = 'user_account.*, (SELECT password_hash IS NULL FROM user_credentials WHERE user_id = user_account.id) AS activation_pending';

export type UserSortProperty = 'createdTime' | 'email' | 'firstName' | 'lastName';

/** Column per sortable property: only these ever reach the SQL text. */
const SORT_COLUMNS: Record<UserSortProperty, string> = {
  createdTime: 'created_time',
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
};

export interface UserPageQuery {
  pageSize: number;
  page: number;
  textSearch?: string;
  sortProperty?: UserSortProperty;
  sortOrder?: 'ASC' | 'DESC';
}

export interface UserChanges {
  email: string;
  role: UserRole;
  firstName: string;
  lastName: string;
  additionalInfo: UserAdditionalInfo;
}

/** What every authenticated request reads of its user. */
interface SessionFacts {
  tokenVersion: number;
  role: UserRole;
}

export class UserRepository {
  /**
   * Token versions and roles by user id, read on every authenticated request: kept in memory, and
   * dropped whenever this repository changes one (the only writer), so the next read takes it from
   * the file. At most one entry per existing user: a missing user is not remembered.
   */
  private readonly sessionFacts = new Map<string, SessionFacts>();

  constructor(private readonly database: Database) {}

  count(): number {
    return Number(this.database.get('SELECT COUNT(*) AS n FROM user_account')?.n ?? 0);
  }

  findById(id: string): User | undefined {
    const row = this.database.get(`SELECT ${USER_COLUMNS} FROM user_account WHERE id = ?`, [id]);
    return row ? toUser(row) : undefined;
  }

  findByEmail(email: string): User | undefined {
    const row = this.database.get(`SELECT ${USER_COLUMNS} FROM user_account WHERE email = ?`, [email]);
    return row ? toUser(row) : undefined;
  }

  passwordHash(userId: string): string | undefined {
    const row = this.database.get('SELECT password_hash FROM user_credentials WHERE user_id = ? AND enabled = 1', [userId]);
    return typeof row?.password_hash === 'string' ? row.password_hash : undefined;
  }

  /** One page of users; the text search matches e-mail, first and last name, case-insensitively. */
  page(query: UserPageQuery): { data: User[]; totalElements: number } {
    const search = query.textSearch?.trim();
    const where = search ? "WHERE email LIKE ? ESCAPE '\\' OR first_name LIKE ? ESCAPE '\\' OR last_name LIKE ? ESCAPE '\\'" : '';
    const parameters = search ? [likePattern(search), likePattern(search), likePattern(search)] : [];
    const column = SORT_COLUMNS[query.sortProperty ?? 'createdTime'];
    const order = query.sortOrder === 'ASC' ? 'ASC' : 'DESC';
    const totalElements = Number(this.database.get(`SELECT COUNT(*) AS n FROM user_account ${where}`, parameters)?.n ?? 0);
    const rows = this.database.all(`SELECT ${USER_COLUMNS} FROM user_account ${where} ORDER BY ${column} COLLATE NOCASE ${order}, id LIMIT ? OFFSET ?`, [
      ...parameters,
      query.pageSize,
      query.page * query.pageSize,
    ]);
    return { data: rows.map(toUser), totalElements };
  }

  update(id: string, changes: UserChanges): User | undefined {
    this.database.run('UPDATE user_account SET email = ?, role = ?, first_name = ?, last_name = ?, additional_info = ? WHERE id = ?', [
      changes.email,
      changes.role,
      changes.firstName,
      changes.lastName,
      JSON.stringify(changes.additionalInfo),
      id,
    ]);
    this.sessionFacts.delete(id);
    return this.findById(id);
  }

  /** How many administrators there are besides this user. */
  otherAdministrators(id: string): number {
    return Number(this.database.get("SELECT COUNT(*) AS n FROM user_account WHERE role = 'ADMIN' AND id != ?", [id])?.n ?? 0);
  }

  /** Records a successful sign-in (answered as additionalInfo.lastLoginTs). */
  recordSignIn(id: string, now = Date.now()): void {
    this.database.run("UPDATE user_account SET additional_info = json_set(additional_info, '$.lastLoginTs', ?) WHERE id = ?", [now, id]);
  }

  /**
   * Sets a new password and records it in the user's history, together; every token issued before
   * stops working (the token version goes up in the same transaction).
   */
  setPassword(id: string, passwordHash: string, additionalInfo: UserAdditionalInfo): void {
    inTransaction(this.database, () => {
      this.database.run('UPDATE user_credentials SET password_hash = ? WHERE user_id = ?', [passwordHash, id]);
      this.database.run('UPDATE user_account SET additional_info = ?, token_version = token_version + 1 WHERE id = ?', [JSON.stringify(additionalInfo), id]);
    });
    this.sessionFacts.delete(id);
  }

  /** The version every valid token of the user carries; undefined when there is no such user. */
  tokenVersion(id: string): number | undefined {
    return this.sessionFactsOf(id)?.tokenVersion;
  }

  /** The user's role as stored now (not as it was when a token was issued); undefined when there is no such user. */
  role(id: string): UserRole | undefined {
    return this.sessionFactsOf(id)?.role;
  }

  private sessionFactsOf(id: string): SessionFacts | undefined {
    const cached = this.sessionFacts.get(id);
    if (cached !== undefined) return cached;
    const row = this.database.get('SELECT token_version, role FROM user_account WHERE id = ?', [id]);
    if (!row) return undefined;
    const facts = { tokenVersion: Number(row.token_version), role: row.role as UserRole };
    this.sessionFacts.set(id, facts);
    return facts;
  }

  /** Ends every session of the user: tokens carrying the old version are refused from now on. */
  revokeTokens(id: string): void {
    this.database.run('UPDATE user_account SET token_version = token_version + 1 WHERE id = ?', [id]);
    this.sessionFacts.delete(id);
  }

  delete(id: string): boolean {
    const deleted = this.database.run('DELETE FROM user_account WHERE id = ?', [id]).changes > 0;
    this.sessionFacts.delete(id);
    return deleted;
  }

  /** Inserts the account and its credentials together: both or neither. */
  create(user: NewUser, now = Date.now()): User {
    const id = randomUUID();
    inTransaction(this.database, () => {
      this.database.run(
        `INSERT INTO user_account (id, created_time, email, authority, role, first_name, last_name, additional_info)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [id, now, user.email, user.authority, user.role ?? 'ADMIN', user.firstName ?? '', user.lastName ?? '', JSON.stringify(user.additionalInfo ?? {})],
      );
      this.database.run('INSERT INTO user_credentials (user_id, password_hash) VALUES (?, ?)', [id, user.passwordHash]);
    });
    const created = this.findById(id);
    if (!created) throw new Error(`user ${id} vanished right after it was created`);
    return created;
  }
}
