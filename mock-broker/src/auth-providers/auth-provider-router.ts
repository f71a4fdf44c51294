import { Router } from 'express';
import { ApiError } from '../http/api-error.js';
import type { HttpProviderConfiguration, OrderedProviderType, ProviderType } from './auth-provider.js';
import { HttpAuthCheck } from './http/http-auth-check.js';
import { describeError } from './outgoing-http.js';
import { MQTT_AUTHORIZATION_KEY, type AuthProviderService, type ProviderPageQuery } from './auth-provider-service.js';
import type { JwtProviderConfiguration } from './jwt/jwt-configuration.js';
import { createJwtVerifier } from './jwt/jwt-verifier.js';
import { checkedConfiguration } from './provider-configuration.js';

interface JwtCheckRequest {
  configuration: unknown;
  token: string;
  clientId?: string;
  username?: string;
}

/** TBMQ 2.3's /api/mqtt/auth/provider… calls, the order as settings key mqttAuthorization, and Starling's JWT check. */
export function authProviderRouter(providers: AuthProviderService): Router {
  const router = Router();
  router.get('/api/mqtt/auth/providers', (request, response) => {
    response.json(providers.page(request.contractParameters as unknown as ProviderPageQuery));
  });
  router.post('/api/mqtt/auth/provider', (request, response) => {
    response.json(providers.save(request.body as Parameters<AuthProviderService['save']>[0]));
  });
  // The literal paths before /:authProviderId, which would take them otherwise.
  router.get('/api/mqtt/auth/provider/basic/strategy', (_request, response) => {
    response.json(providers.basicStrategy());
  });
  router.get('/api/mqtt/auth/provider/type/:authProviderType', (request, response) => {
    response.json(providers.getByType(request.params.authProviderType as ProviderType));
  });
  router.post('/api/mqtt/auth/provider/jwt/check', async (request, response) => {
    const { configuration, token, clientId, username } = request.body as JwtCheckRequest;
    const stored = providers.storedOfType('JWT');
    const checked = checkedConfiguration('JWT', configuration, stored);
    const verifier = createJwtVerifier(checked as unknown as JwtProviderConfiguration);
    try {
      const decision = await verifier.verify(token, { clientId: clientId ?? '', username });
      if (decision.status === 'SKIPPED') {
        response.json({ allowed: false, reason: decision.reason });
        return;
      }
      response.json({
        allowed: true,
        reason: `The token lets the client in as ${decision.clientType}`,
        clientType: decision.clientType,
        authRules: decision.authRules,
        ...(decision.expiresAt !== undefined ? { expiresAt: decision.expiresAt } : {}),
      });
    } finally {
      verifier.close();
    }
  });
  router.post('/api/mqtt/auth/provider/http/check', async (request, response) => {
    const given = request.body as { type?: string; configuration?: unknown };
    if (given.type !== 'HTTP') throw ApiError.badRequest('body.type must be HTTP: only the HTTP provider calls a service');
    const checked = checkedConfiguration('HTTP', given.configuration, providers.storedOfType('HTTP')) as HttpProviderConfiguration;
    const check = new HttpAuthCheck(checked);
    try {
      await check.checkConnection();
    } catch (error) {
      throw ApiError.badRequest(`The HTTP service did not answer: ${describeError(error)}`);
    } finally {
      check.close();
    }
    response.status(200).end();
  });
  router.get('/api/mqtt/auth/provider/:authProviderId', (request, response) => {
    response.json(providers.get(request.params.authProviderId));
  });
  router.post('/api/mqtt/auth/provider/:authProviderId/enable', (request, response) => {
    providers.setEnabled(request.params.authProviderId, true);
    response.status(200).end();
  });
  router.post('/api/mqtt/auth/provider/:authProviderId/disable', (request, response) => {
    providers.setEnabled(request.params.authProviderId, false);
    response.status(200).end();
  });
  const settingsAnswer = () => {
    const { id, createdTime, value } = providers.storedPriorities();
    return { id, createdTime, key: MQTT_AUTHORIZATION_KEY, jsonValue: value };
  };
  router.get(`/api/admin/settings/${MQTT_AUTHORIZATION_KEY}`, (_request, response) => {
    response.json(settingsAnswer());
  });
  // The settings call saves other keys too (mail): those go on to the settings router.
  router.post('/api/admin/settings', (request, response, next) => {
    const body = request.body as { key?: string; jsonValue?: { priorities?: OrderedProviderType[] } };
    if (body.key !== MQTT_AUTHORIZATION_KEY) {
      next();
      return;
    }
    providers.savePriorities(body.jsonValue?.priorities ?? []);
    response.json(settingsAnswer());
  });
  return router;
}
