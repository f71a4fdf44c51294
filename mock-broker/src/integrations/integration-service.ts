import { randomUUID } from 'node:crypto';
import { ApiError } from '../http/api-error.js';
import type { Page } from '../database/page-query.js';
import { isValidTopicFilter } from '../mqtt/topic-filter.js';
import { targetSettings } from './client-settings.js';
import type { EventStore } from './events/event-store.js';
import {
  INTEGRATION_TYPES,
  SECRET_CREDENTIAL_FIELDS,
  type DeliveryView,
  type IntegrationConfiguration,
  type IntegrationCredentials,
  type IntegrationType,
  type StoredIntegration,
} from './integration.js';
import type { IntegrationPageQuery, IntegrationRepository } from './integration-repository.js';
import type { RunningIntegrations } from './running-integrations.js';
import { checkTarget } from './targets/targets.js';

/** Integrations a node keeps at most (each holds a client and a backlog). */
export const MAX_INTEGRATIONS = 100;

/** An integration as sent: what the API takes (openapi.yaml Integration). */
export interface IntegrationBody {
  id?: string;
  name?: string;
  type?: string;
  enabled?: boolean;
  configuration?: Partial<IntegrationConfiguration>;
  additionalInfo?: Record<string, unknown> | null;
}

export type IntegrationAnswer = StoredIntegration & { delivery?: DeliveryView };

/** How long the connection check waits for the target at most, whatever the settings' own timeouts. */
const CHECK_TIMEOUT_MS = 20_000;

/** The production broker's answer for an unknown id. */
const NOT_FOUND = "Requested item wasn't found!";

function withoutSecrets(integration: StoredIntegration): StoredIntegration {
  const credentials = integration.configuration.clientConfiguration.credentials;
  if (!credentials) return integration;
  const shown: IntegrationCredentials = { ...credentials };
  for (const field of SECRET_CREDENTIAL_FIELDS) delete shown[field];
  return { ...integration, configuration: { ...integration.configuration, clientConfiguration: { ...integration.configuration.clientConfiguration, credentials: shown } } };
}

/** The stored secrets where the new credentials of the same type leave them out. */
function keptSecrets(sent: IntegrationConfiguration, stored: IntegrationConfiguration | undefined): IntegrationConfiguration {
  const credentials = sent.clientConfiguration.credentials;
  const before = stored?.clientConfiguration.credentials;
  if (!credentials || !before || before.type !== credentials.type) return sent;
  const merged: Record<string, unknown> = { ...credentials };
  for (const field of SECRET_CREDENTIAL_FIELDS) {
    if (merged[field] === undefined && before[field] !== undefined) merged[field] = before[field];
  }
  return { ...sent, clientConfiguration: { ...sent.clientConfiguration, credentials: merged as unknown as IntegrationCredentials } };
}

/** The configuration's shape and topic filters, or 400 naming the field. */
function checkedConfiguration(configuration: IntegrationBody['configuration']): IntegrationConfiguration {
  if (!configuration || typeof configuration !== 'object') throw ApiError.badRequest('body.configuration is required');
  const { topicFilters, clientConfiguration, metadata } = configuration;
  if (!Array.isArray(topicFilters)) throw ApiError.badRequest('body.configuration.topicFilters should be an array of topic filters');
  topicFilters.forEach((filter, index) => {
    if (typeof filter !== 'string' || !isValidTopicFilter(filter) || filter.startsWith('$share/')) {
      throw ApiError.badRequest(`body.configuration.topicFilters[${index}] is not a valid topic filter: ${JSON.stringify(filter)}`);
    }
  });
  if (!clientConfiguration || typeof clientConfiguration !== 'object') throw ApiError.badRequest('body.configuration.clientConfiguration is required');
  return { topicFilters: [...new Set(topicFilters)], clientConfiguration, ...(metadata !== undefined ? { metadata } : {}) };
}

function checkedType(type: unknown): IntegrationType {
  if (!INTEGRATION_TYPES.includes(type as IntegrationType)) throw ApiError.badRequest('body.type should be one of HTTP, MQTT, KAFKA');
  return type as IntegrationType;
}

/** TBMQ 2.3's integration calls on the bundled broker: checks, storage, lifecycle events. */
export class IntegrationService {
  constructor(
    private readonly repository: IntegrationRepository,
    private readonly running: RunningIntegrations,
    private readonly events: EventStore,
    private readonly nodeId: string,
    private readonly now: () => number = Date.now,
  ) {}

  page(query: IntegrationPageQuery): Page<IntegrationAnswer> {
    const page = this.repository.page(query);
    return { ...page, data: page.data.map((integration) => this.#answer(integration)) };
  }

  get(id: string): IntegrationAnswer {
    return this.#answer(this.#stored(id));
  }

  async save(body: IntegrationBody): Promise<IntegrationAnswer> {
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (!name) throw ApiError.badRequest('body.name should be specified');
    const type = checkedType(body.type);
    const existing = body.id ? this.repository.find(body.id) : undefined;
    if (body.id && !existing) throw ApiError.notFound(NOT_FOUND);
    if (existing && existing.type !== type) throw ApiError.badRequest('body.type cannot be changed');
    const configuration = keptSecrets(checkedConfiguration(body.configuration), existing?.configuration);
    targetSettings(type, configuration.clientConfiguration);
    const sameName = this.repository.findByName(name);
    if (sameName && sameName.id !== existing?.id) throw ApiError.conflict(`body.name: an integration named ${JSON.stringify(name)} already exists`);
    if (!existing && this.repository.count() >= MAX_INTEGRATIONS) throw ApiError.badRequest(`A node keeps at most ${MAX_INTEGRATIONS} integrations`);
    const enabled = body.enabled === true;
    const integration: StoredIntegration = {
      id: existing?.id ?? randomUUID(),
      createdTime: existing?.createdTime ?? this.now(),
      name,
      type,
      enabled,
      disconnectedTime: enabled ? 0 : this.now(),
      configuration,
      additionalInfo: body.additionalInfo ?? null,
      status: existing?.status ?? null,
    };
    this.repository.save(integration);
    this.events.save(integration.id, 'LC_EVENT', { server: this.nodeId, event: existing ? 'UPDATED' : 'CREATED', success: true });
    await this.running.apply(integration);
    return this.get(integration.id);
  }

  /** Whether the target answers with these settings (the stored secrets fill what the body leaves out). */
  async check(body: IntegrationBody): Promise<void> {
    const type = checkedType(body.type);
    const existing = body.id ? this.repository.find(body.id) : undefined;
    const configuration = keptSecrets(checkedConfiguration(body.configuration), existing?.configuration);
    const settings = targetSettings(type, configuration.clientConfiguration);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
    });
    try {
      await Promise.race([checkTarget(settings, body.id ?? randomUUID()), late]);
    } catch (error) {
      throw ApiError.badRequest(`The target did not answer: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  async restart(id: string): Promise<void> {
    this.#stored(id);
    await this.running.restart(id);
  }

  async delete(id: string): Promise<void> {
    this.#stored(id);
    await this.running.remove(id);
    this.repository.delete(id);
    this.events.deleteAll(id);
  }

  /** The filters an enabled integration takes messages from; none for a disabled or unknown one. */
  subscriptions(id: string): string[] {
    const integration = this.repository.find(id);
    return integration?.enabled ? integration.configuration.topicFilters : [];
  }

  #stored(id: string): StoredIntegration {
    const integration = this.repository.find(id);
    if (!integration) throw ApiError.notFound(NOT_FOUND);
    return integration;
  }

  #answer(integration: StoredIntegration): IntegrationAnswer {
    const delivery = this.running.view(integration.id);
    return { ...withoutSecrets(integration), ...(delivery ? { delivery } : {}) };
  }
}
