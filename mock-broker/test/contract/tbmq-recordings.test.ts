import { describe, expect, it } from 'vitest';
import { Contract, type ContractMatch, describeErrors } from '../../src/http/contract.js';
import { pendingRecordings, type RecordedExchange, recordedExchanges } from './tbmq-recordings.js';

/**
 * The contract against the production broker it was written for: every answer a real TBMQ 2.3.0 gave
 * to a call the contract holds must fit the contract's schema for that call, and so must the request
 * body TBMQ took. A call TBMQ has no handler for (404, empty body) must be a Starling extension, which
 * the console discovers before it calls.
 */
const contract = Contract.load();
const operationIds = new Set(contract.operations.map((operation) => operation.operationId));

/**
 * Recordings of input TBMQ takes although it is wrong (an unknown aggregation, QoS 7, a boolean
 * "maybe"): the contract may refuse such input, so they are checked only where it accepts it.
 */
const LAX_INPUT = /--(.*-)?bad-|--mqttVersion-7/;

/** What is wrong with the request, as the contract reads it; empty when it fits. */
function requestMismatches(exchange: RecordedExchange, match: ContractMatch): string[] {
  const { operation } = match;
  const { request } = exchange;
  const problems: string[] = [];
  const query = Object.fromEntries(Object.entries(request.query).map(([name, value]) => [name, operation.listParameters.includes(name) ? String(value).split(',') : value]));
  if (!operation.validateParameters({ ...query, ...match.pathParameters })) problems.push(describeErrors('query', operation.validateParameters.errors));
  if (operation.validateBody && request.body !== null && request.body !== undefined && !operation.validateBody(request.body)) {
    problems.push(describeErrors('request body', operation.validateBody.errors));
  }
  return problems;
}

/** What the contract says is wrong with a recorded exchange; empty when it describes it. */
function mismatches(exchange: RecordedExchange): string[] {
  const { request, response } = exchange;
  const match = contract.match(request.method, request.path);
  if (response.status === 404 && response.body === null) {
    // TBMQ has no handler here. A request the contract refuses as well (a required parameter
    // missing) says nothing more; otherwise the contract's operation must be an extension.
    if (!match || requestMismatches(exchange, match).length > 0) return [];
    return match.operation.extension ? [] : [`${match.operation.operationId} is not marked x-starling-extension, but TBMQ has no handler for ${request.method} ${request.path}`];
  }
  if (response.status < 200 || response.status >= 300) return [];
  if (!match) return [`the contract has no operation for ${request.method} ${request.path}`];
  const requestProblems = requestMismatches(exchange, match);
  if (LAX_INPUT.test(exchange.name) && requestProblems.length > 0) return [];
  const problems = [...requestProblems];
  const validateResponse = match.operation.responses.get(String(response.status));
  if (!match.operation.responses.has(String(response.status))) problems.push(`status ${response.status} is not declared`);
  else if (validateResponse && !validateResponse(response.body)) problems.push(describeErrors('answer', validateResponse.errors));
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
