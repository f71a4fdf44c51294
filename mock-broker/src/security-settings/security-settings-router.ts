import { Router } from 'express';
import type { GivenSecuritySettings, SecuritySettingsStore } from './security-settings-store.js';

/** System settings → Security (TBMQ 2.3's calls), and the policy the password screens show before sign-in. */
export function securitySettingsRouter(store: SecuritySettingsStore): Router {
  const router = Router();
  router.get('/api/admin/securitySettings', (_request, response) => {
    response.json(store.current());
  });
  router.post('/api/admin/securitySettings', (request, response) => {
    response.json(store.save(request.body as GivenSecuritySettings));
  });
  router.get('/api/noauth/userPasswordPolicy', (_request, response) => {
    response.json(store.policy());
  });
  return router;
}
