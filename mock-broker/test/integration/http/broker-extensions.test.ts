import { describe, expect, it } from 'vitest';
import { Contract } from '../../../src/http/contract.js';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';

describe('GET /api/starling/extensions', () => {
  const suite = useBrokerSuite();

  it('lists every extension the contract marks, and each of their calls is served', async () => {
    const api = new ApiClient(suite.node.baseUrl);
    await api.signIn();
    const answer = await api.call<{ extensions: string[] }>('GET', '/api/starling/extensions');
    expect(answer.status).toBe(200);
    const contract = Contract.load();
    expect(answer.body.extensions).toEqual(contract.extensions);
    expect(answer.body.extensions).toEqual(expect.arrayContaining(['clientEvents', 'alertRules', 'retainedTree', 'anonymousAccess']));
  });

  it('answers 401 without a session', async () => {
    const answer = await new ApiClient(suite.node.baseUrl).call('GET', '/api/starling/extensions');
    expect(answer.status).toBe(401);
  });
});
