import fs from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { Contract, CONTRACT_FILE, describeErrors } from '../../src/http/contract.js';
import { pendingRecordings, type RecordedExchange, recordedExchanges } from './tbmq-recordings.js';

/**
 * The contract against the production broker it was written for: every answer a real TBMQ 2.3.0 gave
 * to a call the contract holds must fit the contract's schema for that call, and so must the request
 * body TBMQ took. A call TBMQ has no handler for (404, empty body) must be a Starling extension, which
 * the console discovers before it calls.
 */
const contract = Contract.load();
const document = parse(fs.readFileSync(CONTRACT_FILE, 'utf8')) as { paths: Record<string, Record<string, Record<string, unknown>>> };
const extensionOf = new Map<string, unknown>(
  Object.values(document.paths).flatMap((methods) => Object.values(methods).map((operation) => [operation.operationId as string, operation['x-starling-extension']])),
);
const operationIds = new Set(extensionOf.keys());

/** What the contract says is wrong with a recorded exchange; empty when it describes it. */
function mismatches(exchange: RecordedExchange): string[] {
  const { request, response } = exchange;
  const match = contract.match(request.method, request.path);
  if (response.status === 404 && response.body === null) {
    // TBMQ has no handler here: the contract's operation at that path must be an extension.
    if (!match) return [];
    return extensionOf.get(match.operation.operationId) ? [] : [`${match.operation.operationId} is not marked x-starling-extension, but TBMQ has no handler for ${request.method} ${request.path}`];
  }
  if (response.status < 200 || response.status >= 300) return [];
  if (!match) return [`the contract has no operation for ${request.method} ${request.path}`];
  const { operation } = match;
  const problems: string[] = [];
  const validateResponse = operation.responses.get(String(response.status));
  if (!operation.responses.has(String(response.status))) problems.push(`status ${response.status} is not declared`);
  else if (validateResponse && !validateResponse(response.body)) problems.push(describeErrors('answer', validateResponse.errors));
  const query = Object.fromEntries(Object.entries(request.query).map(([name, value]) => [name, operation.listParameters.includes(name) ? String(value).split(',') : value]));
  if (!operation.validateParameters(query)) problems.push(describeErrors('query', operation.validateParameters.errors));
  if (operation.validateBody && request.body !== null && request.body !== undefined && !operation.validateBody(request.body)) {
    problems.push(describeErrors('request body', operation.validateBody.errors));
  }
  return problems;
}

const exchanges = recordedExchanges().filter((exchange) => operationIds.has(exchange.namedOperation) || contract.match(exchange.request.method, exchange.request.path));
const pending = pendingRecordings();

describe('the contract against recorded TBMQ 2.3.0 answers', () => {
  it('reads the recordings', () => {
    expect(exchanges.length).toBeGreaterThan(300);
  });

  it.each(exchanges.filter((exchange) => !pending.has(exchange.name)).map((exchange) => [exchange.name, exchange] as const))('describes %s', (_name, exchange) => {
    expect(mismatches(exchange)).toEqual([]);
  });

  // A recording listed as pending that the contract now describes must leave the list.
  it.each(exchanges.filter((exchange) => pending.has(exchange.name)).map((exchange) => [exchange.name, exchange] as const))('still lists %s as pending', (_name, exchange) => {
    expect(mismatches(exchange), 'the contract describes it now: remove it from tbmq-pending/').not.toEqual([]);
  });

  it('lists no pending recording that does not exist', () => {
    const names = new Set(exchanges.map((exchange) => exchange.name));
    expect([...pending].filter((name) => !names.has(name))).toEqual([]);
  });
});
