import { randomUUID } from 'node:crypto';
import { inTransaction, type Database, type Row } from '../database/database.js';
import type { Authority, User, UserAdditionalInfo } from './user.js';

export interface NewUser {
  email: string;
  authority: Authority;
  firstName?: string;
  lastName?: string;
  additionalInfo?: UserAdditionalInfo;
  passwordHash: string;
}

function toUser(row: Row): User {
  return {
    id: String(row.id),
    createdTime: Number(row.created_time),
    email: String(row.email),
    authority: row.authority as Authority,
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    additionalInfo: JSON.parse(String(row.additional_info)) as UserAdditionalInfo,
  };
}

export class UserRepository {
  constructor(private readonly database: Database) {}

  count(): number {
    return Number(this.database.get('SELECT COUNT(*) AS n FROM user_account')?.n ?? 0);
  }

  findById(id: string): User | undefined {
    const row = this.database.get('SELECT * FROM user_account WHERE id = ?', [id]);
    return row ? toUser(row) : undefined;
  }

  findByEmail(email: string): User | undefined {
    const row = this.database.get('SELECT * FROM user_account WHERE email = ?', [email]);
    return row ? toUser(row) : undefined;
  }

  passwordHash(userId: string): string | undefined {
    const row = this.database.get('SELECT password_hash FROM user_credentials WHERE user_id = ? AND enabled = 1', [userId]);
    return typeof row?.password_hash === 'string' ? row.password_hash : undefined;
  }

  /** Inserts the account and its credentials together: both or neither. */
  create(user: NewUser, now = Date.now()): User {
    const id = randomUUID();
    inTransaction(this.database, () => {
      this.database.run(
        `INSERT INTO user_account (id, created_time, email, authority, first_name, last_name, additional_info)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [id, now, user.email, user.authority, user.firstName ?? '', user.lastName ?? '', JSON.stringify(user.additionalInfo ?? {})],
      );
      this.database.run('INSERT INTO user_credentials (user_id, password_hash) VALUES (?, ?)', [id, user.passwordHash]);
    });
    const created = this.findById(id);
    if (!created) throw new Error(`user ${id} vanished right after it was created`);
    return created;
  }
}
