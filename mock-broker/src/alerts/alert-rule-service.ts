import { randomUUID } from 'node:crypto';
import { ApiError } from '../http/api-error.js';
import { INTEGRATION_KEYS, TOTAL_ENTITY_ID, type TimeseriesKey } from '../monitoring/timeseries-keys.js';
import type { AlertEvaluator } from './alert-evaluator.js';
import type { AlertRuleRepository } from './alert-rule-repository.js';
import { conditionChanged, type AlertRule, type AlertRuleSave } from './alert-rule.js';

/** openapi.yaml saveAlertRule: at most 100 rules. */
export const MAX_ALERT_RULES = 100;

/** The same addresses once each, whatever their case, in the order given. */
function distinctAddresses(recipients: readonly string[]): string[] {
  const seen = new Set<string>();
  return recipients
    .map((address) => address.trim())
    .filter((address) => {
      const key = address.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Alert rules: kept within their bounds, and an edit that changes the condition starts the rule afresh. */
export class AlertRuleService {
  constructor(
    private readonly rules: AlertRuleRepository,
    private readonly evaluator: AlertEvaluator,
    /** The entities a rule on `key` may watch: `total` and the node ids, or the integrations' ids for an integration's key. */
    private readonly entityIdsOf: (key: TimeseriesKey) => string[],
  ) {}

  list(): AlertRule[] {
    return this.rules.all();
  }

  get(id: string): AlertRule {
    const rule = this.rules.find(id);
    if (!rule) throw ApiError.notFound(`Alert rule with id ${id} is not found`);
    return rule;
  }

  save(request: AlertRuleSave, now = Date.now()): AlertRule {
    const existing = request.id === undefined ? undefined : this.get(request.id);
    const name = request.name.trim();
    if (name === '') throw ApiError.invalidArguments('body.name must not be blank');
    // A rule may keep watching a node that has gone; a new choice must be one that exists and is
    // sampled with the rule's key (an integration's counters are not kept per node, nor a node's per integration).
    const choiceChanged = request.entityId !== existing?.entityId || request.key !== existing.key;
    if (choiceChanged && !this.entityIdsOf(request.key).includes(request.entityId)) {
      const expected = INTEGRATION_KEYS.has(request.key) ? 'an integration id' : `${TOTAL_ENTITY_ID} or a node id`;
      throw ApiError.invalidArguments(`body.entityId must be ${expected} for key ${request.key}, got "${request.entityId}"`);
    }
    const rule: AlertRule = {
      id: existing?.id ?? randomUUID(),
      createdTime: existing?.createdTime ?? now,
      name,
      key: request.key,
      entityId: request.entityId,
      operator: request.operator,
      threshold: request.threshold,
      durationSec: request.durationSec,
      recipients: distinctAddresses(request.recipients),
      enabled: request.enabled,
    };
    this.rules.transaction(() => {
      if (existing && !this.rules.find(rule.id)) throw ApiError.notFound(`Alert rule with id ${rule.id} is not found`);
      const holder = this.rules.findByName(name);
      if (holder && holder.id !== rule.id) throw ApiError.conflict(`body.name: an alert rule named "${holder.name}" already exists`);
      if (!existing && this.rules.count() >= MAX_ALERT_RULES) throw ApiError.conflict(`At most ${MAX_ALERT_RULES} alert rules are kept: delete one first`);
      this.rules.save(rule);
    });
    if (existing && conditionChanged(existing, rule)) this.evaluator.reset(rule, 'RULE_CHANGED', now);
    return rule;
  }

  /** Deletes the rule; its active alert is resolved and its alerts stay in the history. */
  delete(id: string, now = Date.now()): void {
    const rule = this.get(id);
    if (!this.rules.delete(id)) throw ApiError.notFound(`Alert rule with id ${id} is not found`);
    this.evaluator.reset(rule, 'RULE_DELETED', now);
  }
}
