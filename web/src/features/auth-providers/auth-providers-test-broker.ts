import { screen, within } from '@testing-library/react';
import type { MqttAuthProvider } from '../../api/generated/model/mqttAuthProvider';
import type { MqttAuthorizationSettings } from '../../api/generated/model/mqttAuthorizationSettings';
import type { ShortMqttAuthProvider } from '../../api/generated/model/shortMqttAuthProvider';
import { pageOf, type RecordedCall, stubBrokerCalls } from '../../test-support/broker-stub';

/** The five providers of a broker that has all of them, as the auth-providers tests store them. */
export const STORED_PROVIDERS: MqttAuthProvider[] = [
  { id: 'p-basic', createdTime: 1, enabled: true, type: 'MQTT_BASIC', configuration: { type: 'MQTT_BASIC', authStrategy: 'CLIENT_ID_AND_USERNAME' }, additionalInfo: { description: 'Client credentials' } },
  { id: 'p-x509', createdTime: 2, enabled: false, type: 'X_509', configuration: { type: 'X_509', skipValidityCheckForClientCert: false, clientAuthType: 'CLIENT_AUTH_REQUESTED' }, additionalInfo: { description: 'Certificates' } },
  {
    id: 'p-jwt',
    createdTime: 3,
    enabled: false,
    type: 'JWT',
    configuration: {
      type: 'JWT',
      defaultClientType: 'DEVICE',
      jwtVerifierConfiguration: { jwtVerifierType: 'ALGORITHM_BASED', jwtSignAlgorithmConfiguration: { algorithm: 'HMAC_BASED', secret: 'a-secret-of-thirty-two-bytes-at-least' } },
      authClaims: { sub: '${username}' },
      clientTypeClaims: {},
      authRules: { pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] },
      pubAuthRuleClaim: null,
      subAuthRuleClaim: null,
    },
    additionalInfo: { description: 'Signed tokens' },
  },
  { id: 'p-scram', createdTime: 4, enabled: false, type: 'SCRAM', configuration: { type: 'SCRAM' }, additionalInfo: { description: 'Challenge and response' } },
  {
    id: 'p-http',
    createdTime: 5,
    enabled: false,
    type: 'HTTP',
    configuration: {
      type: 'HTTP',
      restEndpointUrl: 'https://auth.example.com/check',
      requestMethod: 'POST',
      credentials: { type: 'basic', username: 'broker' },
      headers: { 'Content-Type': 'application/json' },
      requestBody: '{"clientId":"${clientId}"}',
      readTimeoutMs: 5000,
      maxParallelRequestsCount: 100,
      maxInMemoryBufferSizeInKb: 256,
      defaultClientType: 'DEVICE',
      authRules: { pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] },
    },
    additionalInfo: { description: 'An outside service' },
  },
];

export function shortOf(provider: MqttAuthProvider): ShortMqttAuthProvider {
  return { id: provider.id ?? '', type: provider.type, enabled: provider.enabled ?? false, createdTime: provider.createdTime ?? 0, description: provider.additionalInfo?.description ?? null };
}

export const storedProvider = (type: MqttAuthProvider['type']) => STORED_PROVIDERS.find((provider) => provider.type === type) as MqttAuthProvider;

export const ORDER_SETTINGS: MqttAuthorizationSettings = { id: 'order-row', createdTime: 7, key: 'mqttAuthorization', jsonValue: { priorities: ['JWT', 'MQTT_BASIC', 'HTTP', 'X_509'] } };

/**
 * A broker with these providers and order; `answer` goes first (a refusal, a check's result), and
 * saves are answered with what was sent.
 */
export function stubProvidersBroker(
  answer: (call: RecordedCall) => Response | undefined = () => undefined,
  /** Holds the answer to a call until the promise it gives settles. */
  holdUntil: (call: RecordedCall) => Promise<void> | undefined = () => undefined,
): RecordedCall[] {
  // Enabling and disabling change what the list answers from then on, as on a real broker.
  const enabled = new Map(STORED_PROVIDERS.map((provider) => [provider.id, provider.enabled ?? false]));
  const answerNow = (call: RecordedCall): Response | undefined => {
    const given = answer(call);
    if (given) return given;
    const { method, url, body } = call;
    if (method === 'GET' && url.pathname === '/api/mqtt/auth/providers') {
      return Response.json(pageOf(STORED_PROVIDERS.map((provider) => ({ ...shortOf(provider), enabled: enabled.get(provider.id) ?? false })), url));
    }
    if (method === 'GET' && url.pathname.startsWith('/api/mqtt/auth/provider/')) {
      const found = STORED_PROVIDERS.find((provider) => url.pathname.endsWith(`/${provider.id}`));
      return found ? Response.json(found) : undefined;
    }
    const switched = /^\/api\/mqtt\/auth\/provider\/([\w-]+)\/(enable|disable)$/.exec(url.pathname);
    if (method === 'POST' && switched) {
      enabled.set(switched[1] ?? '', switched[2] === 'enable');
      return new Response(null, { status: 200 });
    }
    if (method === 'POST' && url.pathname === '/api/mqtt/auth/provider') return Response.json(body);
    if (method === 'GET' && url.pathname === '/api/admin/settings/mqttAuthorization') return Response.json(ORDER_SETTINGS);
    if (method === 'POST' && url.pathname === '/api/admin/settings') return Response.json(body);
    return undefined;
  };
  return stubBrokerCalls((call) => {
    const held = holdUntil(call);
    // The stubbed fetch awaits what it is given, so a promise of the answer delays it.
    return held ? (held.then(() => answerNow(call)) as unknown as Response) : answerNow(call);
  });
}

/** The body of the one call made with this method and path. */
export function sentTo(calls: RecordedCall[], method: string, path: string): unknown {
  return calls.find((call) => call.method === method && call.url.pathname === path)?.body;
}

export const ORDER_TABLE = 'Providers in the order they judge a CONNECT';
export const APART_TABLE = 'MQTT 5 enhanced authentication, asked by the client';

/** The provider names of one of the page's tables, top to bottom. */
export function providerRowNames(table: string): (string | null | undefined)[] {
  return within(screen.getByRole('table', { name: table }))
    .getAllByTestId('provider-row')
    .map((row) => row.querySelector('.auth-providers__name')?.textContent);
}
