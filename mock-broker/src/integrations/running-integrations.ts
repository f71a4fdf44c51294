import type { Database } from '../database/database.js';
import type { Sample } from '../monitoring/sample-feed.js';
import type { RowJournal } from '../mqtt/persistence/write-behind.js';
import { topicMatches } from '../mqtt/topic-filter.js';
import { targetSettings, type TargetSettings } from './client-settings.js';
import { Backlog } from './delivery/backlog.js';
import { Deliverer, noDeliveries, type DeliveryListener, type DeliveryTotals, type RetryPolicy } from './delivery/deliverer.js';
import type { EventStore, LifecycleEventName } from './events/event-store.js';
import type { DeliveryView, StoredIntegration } from './integration.js';
import type { IntegrationRepository } from './integration-repository.js';
import { createTarget } from './targets/targets.js';

export interface RunningNeeds {
  database: Database;
  /** The MQTT persistence's journal: backlog rows share the commits that precede acknowledgements. */
  journal: RowJournal;
  repository: IntegrationRepository;
  events: EventStore;
  nodeId: string;
  maxBacklogBytes: number;
  retry: RetryPolicy;
}

interface Running {
  integration: StoredIntegration;
  backlog: Backlog;
  totals: DeliveryTotals;
  deliverer: Deliverer | undefined;
  /** A full backlog was reported in this statistics period (one ERROR event per period). */
  dropReported: boolean;
  /** The totals at the last time-series sample. */
  sampled?: DeliveryTotals;
}

/** Topics whose matching integrations are remembered at most; beyond, the memory starts over. */
const MAX_REMEMBERED_TOPICS = 10_000;
/** What a topic no enabled integration matches finds: one list for all of them. */
const NONE: readonly Deliverer[] = Object.freeze([]);

/**
 * The node's integrations at work: a backlog for each (restored at start), a deliverer for each
 * enabled one, and which of them a published topic reaches. Lifecycle changes are recorded as
 * the production broker records them: LC_EVENT events and the integration's status.
 */
export class RunningIntegrations {
  readonly #needs: RunningNeeds;
  readonly #running = new Map<string, Running>();
  readonly #remembered = new Map<string, readonly Deliverer[]>();
  /** Integrations with a deliverer (enabled and started): none means nothing to capture. */
  #delivering = 0;
  /** Per integration, the change under way: changes to one integration run one after another. */
  readonly #changing = new Map<string, Promise<void>>();

  constructor(needs: RunningNeeds) {
    this.#needs = needs;
  }

  /** Restores every backlog and starts the enabled integrations. */
  load(integrations: StoredIntegration[]): void {
    this.#needs.database.run('DELETE FROM integration_backlog WHERE integration_id NOT IN (SELECT id FROM integration)');
    for (const integration of integrations) {
      const backlog = new Backlog(integration.id, this.#needs.journal, this.#needs.maxBacklogBytes);
      backlog.restore(this.#needs.database);
      const running: Running = { integration, backlog, totals: noDeliveries(), deliverer: undefined, dropReported: false };
      this.#running.set(integration.id, running);
      if (integration.enabled) this.#start(running);
    }
  }

  /** After a save: the old client stops and, when enabled, a new one starts with the saved settings; the backlog stays. */
  apply(integration: StoredIntegration): Promise<void> {
    return this.#inTurn(integration.id, () => this.#apply(integration));
  }

  async #apply(integration: StoredIntegration): Promise<void> {
    let running = this.#running.get(integration.id);
    if (running) {
      await this.#stop(running, true);
      running.integration = integration;
    } else {
      running = { integration, backlog: new Backlog(integration.id, this.#needs.journal, this.#needs.maxBacklogBytes), totals: noDeliveries(), deliverer: undefined, dropReported: false };
      this.#running.set(integration.id, running);
    }
    if (integration.enabled) this.#start(running);
    this.#remembered.clear();
  }

  /** The integration is deleted: its client stops and its backlog is forgotten. */
  remove(id: string): Promise<void> {
    return this.#inTurn(id, () => this.#remove(id));
  }

  async #remove(id: string): Promise<void> {
    const running = this.#running.get(id);
    if (!running) return;
    this.#running.delete(id);
    this.#remembered.clear();
    await this.#stop(running, false);
    running.backlog.clear();
  }

  /** A new client for an enabled integration, and a retry at once of what waits. */
  restart(id: string): Promise<void> {
    return this.#inTurn(id, () => this.#restart(id));
  }

  async #restart(id: string): Promise<void> {
    const running = this.#running.get(id);
    if (!running?.integration.enabled) return;
    await this.#stop(running, true);
    this.#start(running);
  }

  /** Whether any integration is enabled and started: asked on every publish. */
  capturing(): boolean {
    return this.#delivering > 0;
  }

  /** The deliverers of the enabled integrations whose filters match the topic. */
  matching(topic: string): readonly Deliverer[] {
    if (this.#delivering === 0) return NONE;
    let found = this.#remembered.get(topic);
    if (found === undefined) {
      const matched: Deliverer[] = [];
      for (const running of this.#running.values()) {
        if (running.deliverer && running.integration.configuration.topicFilters.some((filter) => topicMatches(filter, topic))) matched.push(running.deliverer);
      }
      found = matched.length === 0 ? NONE : matched;
      if (this.#remembered.size >= MAX_REMEMBERED_TOPICS) this.#remembered.clear();
      this.#remembered.set(topic, found);
    }
    return found;
  }

  view(id: string): DeliveryView | undefined {
    const running = this.#running.get(id);
    if (!running) return undefined;
    if (running.deliverer) return running.deliverer.view();
    const { backlog, totals } = running;
    return { state: 'STOPPED', ...totals, backlogMessages: backlog.messages, backlogBytes: backlog.bytes, maxBacklogBytes: backlog.maxBytes };
  }

  /** The integrations' time-series samples at `ts`: counts since the last sample, and the backlog (enabled ones, and those with a backlog). */
  samples(ts: number): Sample[] {
    const samples: Sample[] = [];
    for (const [id, running] of this.#running) {
      const { totals, backlog } = running;
      const last = running.sampled ?? noDeliveries();
      running.sampled = { ...totals };
      if (!running.integration.enabled && backlog.messages === 0) continue;
      samples.push({
        ts,
        entityId: id,
        values: {
          integrationSent: totals.sent - last.sent,
          integrationFailed: totals.failed - last.failed,
          integrationRetried: totals.retried - last.retried,
          integrationDropped: totals.dropped - last.dropped,
          integrationBacklog: backlog.messages,
        },
      });
    }
    return samples;
  }

  ids(): string[] {
    return [...this.#running.keys()];
  }

  /** The statistics period is over: one STATS event per integration that did something. */
  recordStatistics(): void {
    for (const running of this.#running.values()) {
      running.dropReported = false;
      const period = running.deliverer?.popPeriod();
      if (!period || (period.processed === 0 && period.errors === 0 && period.dropped === 0 && period.retried === 0)) continue;
      this.#needs.events.save(running.integration.id, 'STATS', {
        server: this.#needs.nodeId,
        messagesProcessed: period.processed,
        errorsOccurred: period.errors,
        messagesRetried: period.retried,
        messagesDropped: period.dropped,
        backlog: running.backlog.messages,
      });
    }
  }

  /** The node stops: clients end, backlogs stay for the next start. */
  async close(): Promise<void> {
    await Promise.all([...this.#running.values()].map((running) => running.deliverer?.stop()));
  }

  /** Runs the change once the integration's previous one is done: two clients never share a backlog. */
  #inTurn(id: string, change: () => Promise<void>): Promise<void> {
    const previous = this.#changing.get(id) ?? Promise.resolve();
    const next = previous.then(change, change);
    const settled = next.catch(() => undefined);
    this.#changing.set(id, settled);
    void settled.then(() => {
      if (this.#changing.get(id) === settled) this.#changing.delete(id);
    });
    return next;
  }

  #start(running: Running): void {
    const { integration } = running;
    const source = { nodeId: this.#needs.nodeId, metadata: { ...(integration.configuration.metadata ?? {}), integrationName: integration.name } };
    let settings: TargetSettings;
    try {
      settings = targetSettings(integration.type, integration.configuration.clientConfiguration);
    } catch (error) {
      // Stored before a check this version makes: it stays stopped until it is saved again.
      this.#lifecycle(integration.id, 'FAILED', { success: false, serviceId: this.#needs.nodeId, error: error instanceof Error ? error.message : String(error) });
      return;
    }
    running.deliverer = new Deliverer({
      backlog: running.backlog,
      target: createTarget(settings, source, integration.id),
      retry: this.#needs.retry,
      totals: running.totals,
      listener: this.#listener(running),
    });
    running.deliverer.start();
    this.#delivering += 1;
  }

  async #stop(running: Running, record: boolean): Promise<void> {
    const deliverer = running.deliverer;
    if (!deliverer) return;
    running.deliverer = undefined;
    this.#delivering -= 1;
    this.#remembered.clear();
    await deliverer.stop();
    if (record) this.#lifecycle(running.integration.id, 'STOPPED', null);
  }

  #listener(running: Running): DeliveryListener {
    const id = running.integration.id;
    const server = this.#needs.nodeId;
    return {
      started: () => this.#lifecycle(id, 'STARTED', { success: true }),
      startFailed: (error) => this.#lifecycle(id, 'FAILED', { success: false, serviceId: server, error }),
      attemptFailed: (error) => {
        this.#needs.events.save(id, 'ERROR', { server, method: 'onMsgProcess', error });
      },
      dropped: () => {
        if (running.dropReported) return;
        running.dropReported = true;
        const error = `The backlog is full (${running.backlog.bytes} of ${running.backlog.maxBytes} bytes): new messages are dropped until the target takes what waits`;
        this.#needs.events.save(id, 'ERROR', { server, method: 'backlogFull', error });
      },
    };
  }

  #lifecycle(id: string, event: LifecycleEventName, status: { success: boolean; serviceId?: string; error?: string } | null): void {
    if (!this.#running.has(id)) return;
    this.#needs.events.save(id, 'LC_EVENT', { server: this.#needs.nodeId, event, success: status?.success ?? true, ...(status?.error ? { error: status.error } : {}) });
    this.#needs.repository.saveStatus(id, status);
  }
}
