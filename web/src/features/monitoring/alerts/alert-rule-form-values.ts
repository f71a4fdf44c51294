import type { MessageDescriptor } from 'react-intl';
import type { AlertOperator } from '../../../api/generated/model/alertOperator';
import type { AlertRule } from '../../../api/generated/model/alertRule';
import type { AlertRuleSave } from '../../../api/generated/model/alertRuleSave';
import type { TimeseriesKey } from '../../../api/generated/model/timeseriesKey';
import { checkInterval } from '../../../components/interval-input/interval-rules';
import { TOTAL_ENTITY_ID } from './alert-labels';

/** openapi.yaml AlertRuleSave: the bounds the broker holds a rule to. */
export const MAX_RULE_NAME_LENGTH = 255;
export const MAX_THRESHOLD = 1e15;
/** Seven days, the longest a metric may have to stay beyond the threshold. */
export const MAX_DURATION_MS = 604_800_000;
export const MAX_RECIPIENTS = 20;

export interface AlertRuleFormValues {
  /** Set when editing. */
  id?: string;
  name: string;
  key: TimeseriesKey;
  entityId: string;
  operator: AlertOperator;
  /** As typed. */
  threshold: string;
  /** Null (empty): the rule fires at the first sample beyond the threshold. */
  durationMs: number | null;
  recipients: string[];
  enabled: boolean;
}

export type AlertRuleFormErrors = Partial<Record<'name' | 'threshold' | 'durationMs' | 'recipients', MessageDescriptor>>;

export const newAlertRuleForm = (): AlertRuleFormValues => ({
  name: '',
  key: 'incomingMsgs',
  entityId: TOTAL_ENTITY_ID,
  operator: 'GREATER',
  threshold: '',
  durationMs: 60_000,
  recipients: [],
  enabled: true,
});

export function alertRuleFormOf(rule: AlertRule): AlertRuleFormValues {
  return {
    id: rule.id,
    name: rule.name,
    key: rule.key,
    entityId: rule.entityId,
    operator: rule.operator,
    threshold: String(rule.threshold),
    durationMs: rule.durationSec === 0 ? null : rule.durationSec * 1000,
    recipients: [...rule.recipients],
    enabled: rule.enabled,
  };
}

/** The typed threshold as a number; a decimal comma is read as a point ("1,5" is 1.5). Undefined when not a number. */
export function thresholdOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(/^[-+]?\d*,\d+$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed);
  return Number.isFinite(value) ? value : undefined;
}

export function validateAlertRuleForm(values: AlertRuleFormValues): AlertRuleFormErrors {
  const errors: AlertRuleFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = { id: 'alert.name-required' };
  else if (name.length > MAX_RULE_NAME_LENGTH) errors.name = { id: 'alert.name-too-long' };
  const threshold = thresholdOf(values.threshold);
  if (values.threshold.trim() === '') errors.threshold = { id: 'alert.threshold-required' };
  else if (threshold === undefined || Math.abs(threshold) > MAX_THRESHOLD) errors.threshold = { id: 'alert.threshold-invalid' };
  // The interval input shows the rule broken with its bound; this keeps the form from saving it.
  const duration = checkInterval(values.durationMs, { max: MAX_DURATION_MS });
  if (duration === 'not-positive') errors.durationMs = { id: 'interval.not-positive' };
  else if (duration !== undefined) errors.durationMs = { id: 'interval.above-max' };
  if (values.recipients.length > MAX_RECIPIENTS) errors.recipients = { id: 'alert.recipients-too-many' };
  return errors;
}

/** What POST /api/monitoring/alert-rule takes; call only with values that passed validateAlertRuleForm. */
export function alertRuleSaveOf(values: AlertRuleFormValues): AlertRuleSave {
  return {
    ...(values.id === undefined ? {} : { id: values.id }),
    name: values.name.trim(),
    key: values.key,
    entityId: values.entityId,
    operator: values.operator,
    threshold: thresholdOf(values.threshold) ?? 0,
    durationSec: Math.round((values.durationMs ?? 0) / 1000),
    recipients: values.recipients,
    enabled: values.enabled,
  };
}
