import { inTransaction, type Database, type Row } from '../database/database.js';
import type { TimeseriesKey } from '../monitoring/timeseries-keys.js';
import type { AlertOperator, AlertRule } from './alert-rule.js';

function toRule(row: Row): AlertRule {
  return {
    id: String(row.id),
    createdTime: Number(row.created_time),
    name: String(row.name),
    key: String(row.metric_key) as TimeseriesKey,
    entityId: String(row.entity_id),
    operator: String(row.operator) as AlertOperator,
    threshold: Number(row.threshold),
    durationSec: Number(row.duration_sec),
    recipients: JSON.parse(String(row.recipients)) as string[],
    enabled: Number(row.enabled) === 1,
  };
}

/** Alert rules in SQLite; names are unique whatever their case. */
export class AlertRuleRepository {
  constructor(private readonly database: Database) {}

  /** Runs work in one transaction: checks and the write they guard see the same state. */
  transaction<T>(work: () => T): T {
    return inTransaction(this.database, work);
  }

  all(): AlertRule[] {
    return this.database.all('SELECT * FROM alert_rule ORDER BY name COLLATE NOCASE, id').map(toRule);
  }

  /** The enabled rules watching the entity. */
  enabledFor(entityId: string): AlertRule[] {
    return this.database.all('SELECT * FROM alert_rule WHERE enabled = 1 AND entity_id = ?', [entityId]).map(toRule);
  }

  find(id: string): AlertRule | undefined {
    const row = this.database.get('SELECT * FROM alert_rule WHERE id = ?', [id]);
    return row ? toRule(row) : undefined;
  }

  findByName(name: string): AlertRule | undefined {
    const row = this.database.get('SELECT * FROM alert_rule WHERE name = ?', [name]);
    return row ? toRule(row) : undefined;
  }

  count(): number {
    return Number(this.database.get('SELECT COUNT(*) AS n FROM alert_rule')?.n ?? 0);
  }

  /** Inserts a new rule or updates the one with the same id (its creation time stays). */
  save(rule: AlertRule): void {
    this.database.run(
      `INSERT INTO alert_rule (id, created_time, name, metric_key, entity_id, operator, threshold, duration_sec, recipients, enabled)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, metric_key = excluded.metric_key, entity_id = excluded.entity_id,
         operator = excluded.operator, threshold = excluded.threshold, duration_sec = excluded.duration_sec,
         recipients = excluded.recipients, enabled = excluded.enabled`,
      [rule.id, rule.createdTime, rule.name, rule.key, rule.entityId, rule.operator, rule.threshold, rule.durationSec, JSON.stringify(rule.recipients), rule.enabled ? 1 : 0],
    );
  }

  delete(id: string): boolean {
    return this.database.run('DELETE FROM alert_rule WHERE id = ?', [id]).changes > 0;
  }
}
