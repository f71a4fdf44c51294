export interface Migration {
  version: number;
  sql: string;
}

/** Append only: a released migration is never edited, a change is a new version. */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE user_account (
        id TEXT PRIMARY KEY,
        created_time INTEGER NOT NULL,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        authority TEXT NOT NULL,
        first_name TEXT NOT NULL DEFAULT '',
        last_name TEXT NOT NULL DEFAULT '',
        additional_info TEXT NOT NULL DEFAULT '{}'
      );
      CREATE TABLE user_credentials (
        user_id TEXT PRIMARY KEY REFERENCES user_account(id) ON DELETE CASCADE,
        password_hash TEXT,
        enabled INTEGER NOT NULL DEFAULT 1
      );
    `,
  },
];
