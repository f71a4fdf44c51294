import type { Sample } from '../monitoring/sample-feed.js';
import type { AlertEnding } from './alert-mail.js';
import type { AlertNotifier } from './alert-notifier.js';
import type { AlertRepository } from './alert-repository.js';
import type { AlertRuleRepository } from './alert-rule-repository.js';
import { isBeyond, type AlertRule } from './alert-rule.js';

/**
 * Checks the enabled rules at each sample of the entity they watch (openapi.yaml saveAlertRule): a
 * metric beyond the threshold in every sample for durationSec fires the rule's one active alert; the
 * first sample back within resolves it. Both are stored first, then mailed.
 */
export class AlertEvaluator {
  /** When each rule's metric was first seen beyond its threshold in the current run of samples; in memory only. */
  private readonly beyondSince = new Map<string, number>();

  constructor(
    private readonly rules: AlertRuleRepository,
    private readonly alerts: AlertRepository,
    private readonly notifier: AlertNotifier,
  ) {}

  onSample(sample: Sample): void {
    for (const rule of this.rules.enabledFor(sample.entityId)) {
      const value = sample.values[rule.key];
      if (value !== undefined) this.evaluate(rule, value, sample.ts);
    }
  }

  /** The rule starts afresh: a run of samples beyond is forgotten and its active alert, if any, ends. */
  reset(rule: AlertRule, ending: Exclude<AlertEnding, 'BACK_WITHIN'>, now: number): void {
    this.beyondSince.delete(rule.id);
    this.resolve(rule, ending, now);
  }

  private evaluate(rule: AlertRule, value: number, ts: number): void {
    if (!isBeyond(rule, value)) {
      this.beyondSince.delete(rule.id);
      this.resolve(rule, 'BACK_WITHIN', ts);
      return;
    }
    const since = this.beyondSince.get(rule.id) ?? ts;
    this.beyondSince.set(rule.id, since);
    if (ts - since < rule.durationSec * 1000 || this.alerts.activeOf(rule.id)) return;
    this.notifier.announce(this.alerts.fire(rule, value, ts), { kind: 'FIRED' }, rule.recipients);
  }

  private resolve(rule: AlertRule, ending: AlertEnding, endTs: number): void {
    const active = this.alerts.activeOf(rule.id);
    const resolved = active && this.alerts.resolve(active.id, Math.max(endTs, active.startTs));
    if (resolved) this.notifier.announce(resolved, { kind: 'RESOLVED', ending }, rule.recipients);
  }
}
