// A real Starling node for the session engine's tests, started with the broker's own test support
// (mock-broker/test/support): free ports, its own data directory, and client credentials saved
// through the API so that the broker checks passwords. Plain JavaScript: the web type-check stays
// free of the broker's Node sources.
import { ApiClient } from '../../../../../../mock-broker/test/support/api/api-client.ts';
import { saveCredentials } from '../../../../../../mock-broker/test/support/api/client-credentials.ts';
import { startTestNode } from '../../../../../../mock-broker/test/support/node/test-node.ts';

export async function startRealBroker({ username, password, subscribePatterns = ['.*'] }) {
  const node = await startTestNode();
  try {
    const api = new ApiClient(node.baseUrl);
    await api.signIn();
    await saveCredentials(api, { name: 'WebSocket client test', value: { userName: username, password, authRules: { pubAuthRulePatterns: ['.*'], subAuthRulePatterns: subscribePatterns } } });
  } catch (error) {
    await node.destroy();
    throw error;
  }
  return { wsPort: node.wsPort, mqttPort: node.mqttPort, stop: () => node.destroy() };
}
