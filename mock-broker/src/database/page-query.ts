import type sqlite from 'node-sqlite3-wasm';
import type { Database, Row } from './database.js';

type SqlValue = sqlite.JSValue;

/** `%text%` for LIKE … ESCAPE '\', with the text's own wildcards taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** A WHERE clause built from optional filters: a filter left empty adds nothing. */
export class WhereClause {
  private readonly conditions: string[] = [];
  readonly parameters: SqlValue[] = [];

  /** A raw condition with its `?` values. */
  add(condition: string, ...values: SqlValue[]): this {
    this.conditions.push(condition);
    this.parameters.push(...values);
    return this;
  }

  /** Any of the columns contains the text, in any case (SQLite's LIKE ignores ASCII case). */
  contains(columns: string[], text: string | undefined): this {
    const search = text?.trim();
    if (!search) return this;
    return this.add(`(${columns.map((column) => `${column} LIKE ? ESCAPE '\\'`).join(' OR ')})`, ...columns.map(() => likePattern(search)));
  }

  /** The column holds one of the values; an absent or empty list filters nothing. */
  oneOf(column: string, values: readonly SqlValue[] | undefined): this {
    if (!values || values.length === 0) return this;
    return this.add(`${column} IN (${values.map(() => '?').join(', ')})`, ...values);
  }

  get sql(): string {
    return this.conditions.length === 0 ? '' : `WHERE ${this.conditions.join(' AND ')}`;
  }
}

export interface PageRequest {
  pageSize: number;
  page: number;
}

export interface Page<T> {
  data: T[];
  totalPages: number;
  totalElements: number;
  hasNext: boolean;
}

/**
 * One page of a table's rows: the count and the rows under the same WHERE clause. orderBy is SQL
 * text, so callers build it from fixed column names only, never from request text.
 */
export function selectPage<T>(database: Database, table: string, where: WhereClause, orderBy: string, request: PageRequest, toItem: (row: Row) => T): Page<T> {
  const totalElements = Number(database.get(`SELECT COUNT(*) AS n FROM ${table} ${where.sql}`, where.parameters)?.n ?? 0);
  const rows = database.all(`SELECT * FROM ${table} ${where.sql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`, [...where.parameters, request.pageSize, request.page * request.pageSize]);
  const totalPages = Math.ceil(totalElements / request.pageSize);
  return { data: rows.map(toItem), totalPages, totalElements, hasNext: request.page + 1 < totalPages };
}
