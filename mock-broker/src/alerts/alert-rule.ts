import type { TimeseriesKey } from '../monitoring/timeseries-keys.js';

export type AlertOperator = 'GREATER' | 'LESS';
export type AlertStatus = 'ACTIVE' | 'RESOLVED';

/** What POST /api/monitoring/alert-rule takes (openapi.yaml AlertRuleSave). */
export interface AlertRuleSave {
  id?: string;
  name: string;
  key: TimeseriesKey;
  entityId: string;
  operator: AlertOperator;
  threshold: number;
  durationSec: number;
  /** Empty for every administrator. */
  recipients: string[];
  enabled: boolean;
}

export interface AlertRule extends Required<Omit<AlertRuleSave, 'id'>> {
  id: string;
  createdTime: number;
}

/** A fired alert (openapi.yaml Alert): the rule as it was when it fired, and what became of it. */
export interface Alert {
  id: string;
  ruleId: string;
  ruleName: string;
  key: TimeseriesKey;
  entityId: string;
  operator: AlertOperator;
  threshold: number;
  value: number;
  startTs: number;
  endTs?: number;
  status: AlertStatus;
  mailSent: boolean;
  mailError?: string;
}

/** GREATER: above the threshold; LESS: below it. The threshold itself is within. */
export function isBeyond(rule: Pick<AlertRule, 'operator' | 'threshold'>, value: number): boolean {
  return rule.operator === 'GREATER' ? value > rule.threshold : value < rule.threshold;
}

/**
 * Whether an edit changes what the rule watches or when it fires; such an edit, or disabling the
 * rule, ends its active alert, since that alert was fired under the old condition.
 */
export function conditionChanged(before: AlertRule, after: AlertRule): boolean {
  return (
    before.key !== after.key ||
    before.entityId !== after.entityId ||
    before.operator !== after.operator ||
    before.threshold !== after.threshold ||
    before.durationSec !== after.durationSec ||
    (before.enabled && !after.enabled)
  );
}
