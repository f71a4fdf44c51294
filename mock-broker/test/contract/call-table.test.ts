import fs from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CONTRACT_FILE } from '../../src/http/contract.js';

/** The spec's call table (section 7), exactly as written there: the contract must hold each one. */
const SPEC_CALLS = [
  'GET /api/auth/user',
  'POST /api/auth/login',
  'POST /api/auth/login/public',
  'POST /api/auth/token',
  'POST /api/auth/changePassword',
  'POST /api/noauth/resetPasswordByEmail',
  'POST /api/noauth/activate',
  'POST /api/noauth/resetPassword',
  'POST /api/noauth/activateByEmailCode',
  'POST /api/noauth/resendEmailActivation',
  'GET /api/user/{id}/token',
  'GET /api/user/tokenAccessEnabled',
  'GET /api/edges/enabled',
  'GET /api/app/config',
  'GET /api/app/brokers',
  'GET /api/system/info',
  'GET /api/dashboard/maxDatapointsLimit',
  'GET /api/admin/user/{id}',
  'POST /api/admin',
  'DELETE /api/admin/{id}',
  'GET /api/admin',
  'POST /api/admin/user',
  'GET /api/uiSettings/helpBaseUrl',
];

/** Query parameters the spec's table writes into the path. */
const SPEC_QUERY_PARAMETERS: Record<string, string> = {
  'POST /api/noauth/activate': 'sendActivationMail',
  'POST /api/noauth/activateByEmailCode': 'emailCode',
  'POST /api/noauth/resendEmailActivation': 'email',
};

interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: { name?: string; $ref?: string }[];
  responses: Record<string, unknown>;
}

const document = parse(fs.readFileSync(CONTRACT_FILE, 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { parameters: Record<string, { name: string }> };
};
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ call: `${method.toUpperCase()} ${path}`, operation })),
);

describe('openapi.yaml against the spec', () => {
  it.each(SPEC_CALLS)('holds %s', (call) => {
    expect(operations.map((entry) => entry.call)).toContain(call);
  });

  it.each(Object.entries(SPEC_QUERY_PARAMETERS))('%s takes the query parameter %s', (call, name) => {
    const operation = operations.find((entry) => entry.call === call)?.operation;
    expect(operation?.parameters?.map((parameter) => parameter.name)).toContain(name);
  });

  it('takes the spec\'s sessions list filter and page link on the sessions list (sections 3 and 7)', () => {
    const parameters = document.components.parameters;
    const names = (operations.find((entry) => entry.call === 'GET /api/v2/client-session')?.operation.parameters ?? []).map(
      (parameter) => parameter.name ?? parameters[parameter.$ref?.split('/').pop() ?? '']?.name,
    );
    expect(names).toEqual(
      expect.arrayContaining(['pageSize', 'page', 'textSearch', 'sortProperty', 'sortOrder', 'connectedStatusList', 'clientTypeList', 'cleanStartList', 'nodeIdList', 'clientId', 'subscriptions']),
    );
  });

  it('gives every operation a unique operationId, which names the generated hook', () => {
    const ids = operations.map((entry) => entry.operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares a 401 answer on every operation that needs a token', () => {
    const missing = operations
      .filter((entry) => entry.operation.security === undefined || entry.operation.security.length > 0)
      .filter((entry) => !('401' in entry.operation.responses))
      .map((entry) => entry.call);
    expect(missing).toEqual([]);
  });
});
