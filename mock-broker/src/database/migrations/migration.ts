/** One version of the database schema: the SQL that takes a database from the version before to this one. */
export interface Migration {
  version: number;
  sql: string;
}
