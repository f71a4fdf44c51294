import { describe, expect, it } from 'vitest';
import { alertRuleFormOf, alertRuleSaveOf, MAX_DURATION_MS, MAX_RECIPIENTS, newAlertRuleForm, thresholdOf, validateAlertRuleForm } from './alert-rule-form-values';

const valid = { ...newAlertRuleForm(), name: 'Busy', threshold: '10' };

describe('alert rule form', () => {
  it('requires a name of at most 255 characters and a threshold that is a number within ±10^15', () => {
    expect(validateAlertRuleForm(newAlertRuleForm())).toEqual({ name: { id: 'alert.name-required' }, threshold: { id: 'alert.threshold-required' } });
    expect(validateAlertRuleForm({ ...valid, name: 'x'.repeat(256) }).name).toEqual({ id: 'alert.name-too-long' });
    expect(validateAlertRuleForm({ ...valid, threshold: 'ten' }).threshold).toEqual({ id: 'alert.threshold-invalid' });
    expect(validateAlertRuleForm({ ...valid, threshold: '2e15' }).threshold).toEqual({ id: 'alert.threshold-invalid' });
    expect(validateAlertRuleForm({ ...valid, threshold: '-1e15' })).toEqual({});
  });

  it('reads a decimal comma as a point, and nothing else that is not a number', () => {
    expect(thresholdOf(' 1,5 ')).toBe(1.5);
    expect(thresholdOf('-0.25')).toBe(-0.25);
    expect(thresholdOf('1,000,000')).toBeUndefined();
    expect(thresholdOf('')).toBeUndefined();
  });

  it('takes an empty duration as "at once", and refuses 0 typed or more than seven days', () => {
    expect(validateAlertRuleForm({ ...valid, durationMs: null })).toEqual({});
    expect(validateAlertRuleForm({ ...valid, durationMs: 0 }).durationMs).toEqual({ id: 'interval.not-positive' });
    expect(validateAlertRuleForm({ ...valid, durationMs: MAX_DURATION_MS + 1000 }).durationMs).toEqual({ id: 'interval.above-max' });
    expect(alertRuleSaveOf({ ...valid, durationMs: null }).durationSec).toBe(0);
    expect(alertRuleSaveOf({ ...valid, durationMs: 90_000 }).durationSec).toBe(90);
  });

  it(`keeps at most ${MAX_RECIPIENTS} recipients`, () => {
    const recipients = Array.from({ length: MAX_RECIPIENTS + 1 }, (_, index) => `ops${index}@example.com`);
    expect(validateAlertRuleForm({ ...valid, recipients }).recipients).toEqual({ id: 'alert.recipients-too-many' });
    expect(validateAlertRuleForm({ ...valid, recipients: recipients.slice(1) })).toEqual({});
  });

  it('saves a trimmed name and the threshold as a number, and edits a rule as it was saved', () => {
    const save = alertRuleSaveOf({ ...valid, name: '  Busy  ', threshold: '2,5', recipients: ['ops@example.com'] });
    expect(save).toEqual({ name: 'Busy', key: 'incomingMsgs', entityId: 'total', operator: 'GREATER', threshold: 2.5, durationSec: 60, recipients: ['ops@example.com'], enabled: true });
    const rule = { ...save, id: 'rule-1', createdTime: 1, durationSec: 0 };
    expect(alertRuleSaveOf(alertRuleFormOf(rule))).toEqual({ ...save, id: 'rule-1', durationSec: 0 });
  });
});
