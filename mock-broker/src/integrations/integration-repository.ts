import type { Database, Row } from '../database/database.js';
import { selectPage, WhereClause, type Page, type PageRequest } from '../database/page-query.js';
import type { IntegrationStatus, IntegrationType, StoredIntegration } from './integration.js';

export type IntegrationSortProperty = 'createdTime' | 'name' | 'type' | 'enabled';

export interface IntegrationPageQuery extends PageRequest {
  textSearch?: string;
  sortProperty?: IntegrationSortProperty;
  sortOrder?: 'ASC' | 'DESC';
}

const SORT_COLUMNS: Record<IntegrationSortProperty, string> = {
  createdTime: 'created_time',
  name: 'name COLLATE NOCASE',
  type: 'type',
  enabled: 'enabled',
};

function parsed<T>(text: unknown): T | null {
  return text === null || text === undefined ? null : (JSON.parse(String(text)) as T);
}

function toIntegration(row: Row): StoredIntegration {
  return {
    id: String(row.id),
    createdTime: Number(row.created_time),
    name: String(row.name),
    type: String(row.type) as IntegrationType,
    enabled: Number(row.enabled) === 1,
    disconnectedTime: Number(row.disconnected_time),
    configuration: JSON.parse(String(row.configuration)) as StoredIntegration['configuration'],
    additionalInfo: parsed<Record<string, unknown>>(row.additional_info),
    status: parsed<IntegrationStatus>(row.status),
  };
}

/** Integrations in SQLite (migration 20); names are unique. */
export class IntegrationRepository {
  constructor(private readonly database: Database) {}

  all(): StoredIntegration[] {
    return this.database.all('SELECT * FROM integration ORDER BY created_time, id').map(toIntegration);
  }

  find(id: string): StoredIntegration | undefined {
    const row = this.database.get('SELECT * FROM integration WHERE id = ?', [id]);
    return row ? toIntegration(row) : undefined;
  }

  findByName(name: string): StoredIntegration | undefined {
    const row = this.database.get('SELECT * FROM integration WHERE name = ?', [name]);
    return row ? toIntegration(row) : undefined;
  }

  count(): number {
    return Number(this.database.get('SELECT COUNT(*) AS n FROM integration')?.n ?? 0);
  }

  page(query: IntegrationPageQuery): Page<StoredIntegration> {
    const where = new WhereClause().contains(['name', 'type'], query.textSearch);
    const column = SORT_COLUMNS[query.sortProperty ?? 'createdTime'];
    const direction = query.sortOrder === 'ASC' ? 'ASC' : 'DESC';
    return selectPage(this.database, 'integration', where, `${column} ${direction}, id`, query, toIntegration);
  }

  /** Inserts a new integration or replaces the one with its id (its creation time stays). */
  save(integration: StoredIntegration): void {
    this.database.run(
      `INSERT INTO integration (id, created_time, name, type, enabled, disconnected_time, configuration, additional_info, status)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, enabled = excluded.enabled, disconnected_time = excluded.disconnected_time,
         configuration = excluded.configuration, additional_info = excluded.additional_info, status = excluded.status`,
      [
        integration.id,
        integration.createdTime,
        integration.name,
        integration.type,
        integration.enabled ? 1 : 0,
        integration.disconnectedTime,
        JSON.stringify(integration.configuration),
        integration.additionalInfo === null ? null : JSON.stringify(integration.additionalInfo),
        integration.status === null ? null : JSON.stringify(integration.status),
      ],
    );
  }

  saveStatus(id: string, status: IntegrationStatus | null): void {
    this.database.run('UPDATE integration SET status = ? WHERE id = ?', [status === null ? null : JSON.stringify(status), id]);
  }

  /** Deletes the integration (its backlog goes through the journal: delivery/backlog.ts). */
  delete(id: string): boolean {
    return this.database.run('DELETE FROM integration WHERE id = ?', [id]).changes > 0;
  }
}
