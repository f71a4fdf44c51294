import type { Router } from 'express';
import type { Database } from '../database/database.js';
import type { SampleFeed } from '../monitoring/sample-feed.js';
import { INTEGRATION_KEYS } from '../monitoring/timeseries-keys.js';
import { AlertEvaluator } from './alert-evaluator.js';
import { AlertNotifier, type AlertMailer, type AlertRecipientDirectory } from './alert-notifier.js';
import { AlertRepository } from './alert-repository.js';
import { AlertRuleRepository } from './alert-rule-repository.js';
import { AlertRuleService } from './alert-rule-service.js';
import { alertRouter } from './alert-router.js';

/** Alerts kept at most, whatever their age; the oldest resolved go first. */
export const MAX_ALERTS_KEPT = 10_000;
/** Often enough that a flapping rule cannot grow the history far past MAX_ALERTS_KEPT between two runs. */
const PRUNE_INTERVAL_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the alerts area needs: where it stores, the samples, the outgoing mail and the users to mail. */
export interface AlertsAreaNeeds {
  database: Database;
  feed: SampleFeed;
  mail: AlertMailer;
  users: AlertRecipientDirectory;
  /** This node's id: a rule may watch it (or `total`) before it has samples. */
  nodeId: string;
  /** Where users reach the console: mails link to its /monitoring. */
  publicUrl: string;
  /** Resolved alerts are kept as long as the time series (STARLING_TIMESERIES_RETENTION_DAYS). */
  retentionDays: number;
}

/** Issue 16 "alert rules": rules on the sampled metrics that fire, mail and resolve alerts, with their history. */
export function startAlerts({ database, feed, mail, users, nodeId, publicUrl, retentionDays }: AlertsAreaNeeds): {
  routers: Router[];
  /** A rule as the API answers it (the audit log's before and after). */
  read(id: string): unknown;
  cleanups: (() => Promise<void> | void)[];
} {
  const rules = new AlertRuleRepository(database);
  const alerts = new AlertRepository(database);
  const notifier = new AlertNotifier(mail, users, alerts, `${publicUrl.replace(/\/$/, '')}/monitoring`);
  const evaluator = new AlertEvaluator(rules, alerts, notifier);
  // This node watches its own metrics before its first sample is stored.
  const service = new AlertRuleService(rules, evaluator, (key) => (INTEGRATION_KEYS.has(key) ? feed.entityIdsOf(key) : [...new Set([nodeId, ...feed.entityIdsOf(key)])]));
  const prune = () => alerts.prune(Date.now() - retentionDays * DAY_MS, MAX_ALERTS_KEPT);
  prune();
  const pruning = setInterval(prune, PRUNE_INTERVAL_MS).unref();
  const unsubscribe = feed.subscribe((sample) => {
    // The sampler goes on whatever a rule's check meets.
    try {
      evaluator.onSample(sample);
    } catch (error) {
      console.error('Alert rules could not be checked:', error instanceof Error ? error.message : error);
    }
  });
  return {
    routers: [alertRouter(service, alerts)],
    read: (id) => service.get(id),
    cleanups: [() => notifier.close(), unsubscribe, () => clearInterval(pruning)],
  };
}
