import { randomUUID } from 'node:crypto';
import type { Database, Row } from '../database/database.js';
import { selectPage, WhereClause, type Page, type PageRequest } from '../database/page-query.js';
import type { TimeseriesKey } from '../monitoring/timeseries-keys.js';
import type { Alert, AlertOperator, AlertRule, AlertStatus } from './alert-rule.js';

function toAlert(row: Row): Alert {
  const endTs = row.end_ts === null ? undefined : Number(row.end_ts);
  return {
    id: String(row.id),
    ruleId: String(row.rule_id),
    ruleName: String(row.rule_name),
    key: String(row.metric_key) as TimeseriesKey,
    entityId: String(row.entity_id),
    operator: String(row.operator) as AlertOperator,
    threshold: Number(row.threshold),
    value: Number(row.value),
    startTs: Number(row.start_ts),
    ...(endTs === undefined ? {} : { endTs }),
    status: endTs === undefined ? 'ACTIVE' : 'RESOLVED',
    mailSent: Number(row.mail_sent) === 1,
    ...(typeof row.mail_error === 'string' ? { mailError: row.mail_error } : {}),
  };
}

export interface AlertPageQuery extends PageRequest {
  statuses: AlertStatus[];
}

/** Fired alerts in SQLite, newest first; one without an end is active. */
export class AlertRepository {
  constructor(private readonly database: Database) {}

  /** Stores a new active alert of the rule, as the rule reads now. */
  fire(rule: AlertRule, value: number, ts: number): Alert {
    const id = randomUUID();
    this.database.run(
      `INSERT INTO alert (id, rule_id, rule_name, metric_key, entity_id, operator, threshold, value, start_ts)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, rule.id, rule.name, rule.key, rule.entityId, rule.operator, rule.threshold, value, ts],
    );
    return toAlert(this.database.get('SELECT * FROM alert WHERE id = ?', [id]) as Row);
  }

  /** The rule's active alert, if it has one. */
  activeOf(ruleId: string): Alert | undefined {
    const row = this.database.get('SELECT * FROM alert WHERE rule_id = ? AND end_ts IS NULL', [ruleId]);
    return row ? toAlert(row) : undefined;
  }

  /** Ends the alert; answers it resolved, or undefined when it was not active. */
  resolve(id: string, endTs: number): Alert | undefined {
    if (this.database.run('UPDATE alert SET end_ts = ? WHERE id = ? AND end_ts IS NULL', [endTs, id]).changes === 0) return undefined;
    return toAlert(this.database.get('SELECT * FROM alert WHERE id = ?', [id]) as Row);
  }

  /** How the announcing mail went: sent to everyone, or why not. */
  recordMail(id: string, error: string | undefined): void {
    this.database.run('UPDATE alert SET mail_sent = ?, mail_error = ? WHERE id = ?', [error === undefined ? 1 : 0, error ?? null, id]);
  }

  page(query: AlertPageQuery): Page<Alert> {
    const where = new WhereClause();
    const wantsActive = query.statuses.includes('ACTIVE');
    const wantsResolved = query.statuses.includes('RESOLVED');
    if (wantsActive !== wantsResolved) where.add(wantsActive ? 'end_ts IS NULL' : 'end_ts IS NOT NULL');
    return selectPage(this.database, 'alert', where, 'start_ts DESC, rowid DESC', query, toAlert);
  }

  /** Drops resolved alerts that ended before the cutoff, then the oldest resolved beyond maxKept. */
  prune(endedBefore: number, maxKept: number): void {
    this.database.run('DELETE FROM alert WHERE end_ts IS NOT NULL AND end_ts < ?', [endedBefore]);
    this.database.run(
      `DELETE FROM alert WHERE end_ts IS NOT NULL AND rowid NOT IN (SELECT rowid FROM alert ORDER BY start_ts DESC, rowid DESC LIMIT ?)`,
      [maxKept],
    );
  }
}
