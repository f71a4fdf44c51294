import { Router } from 'express';
import { validatedParameters as parameters } from '../http/validated-parameters.js';
import type { AlertRepository } from './alert-repository.js';
import type { AlertRuleService } from './alert-rule-service.js';
import type { AlertRuleSave, AlertStatus } from './alert-rule.js';

interface AlertPageParameters {
  pageSize: number;
  page: number;
  /** Comma-joined ACTIVE, RESOLVED; the contract's pattern admits nothing else. */
  statusList?: string;
}

/** Alert rules and the alerts they fired (openapi.yaml, tag monitoring). */
export function alertRouter(rules: AlertRuleService, alerts: AlertRepository): Router {
  const router = Router();
  router.post('/api/monitoring/alert-rule', (request, response) => {
    response.json(rules.save(request.body as AlertRuleSave));
  });
  router.get('/api/monitoring/alert-rule', (_request, response) => {
    response.json(rules.list());
  });
  router.get('/api/monitoring/alert-rule/:id', (request, response) => {
    response.json(rules.get(request.params.id));
  });
  router.delete('/api/monitoring/alert-rule/:id', (request, response) => {
    rules.delete(request.params.id);
    response.status(200).end();
  });
  router.get('/api/monitoring/alert', (request, response) => {
    const { pageSize, page, statusList } = parameters<AlertPageParameters>(request);
    const statuses = (statusList ?? '').split(',').filter((status) => status !== '') as AlertStatus[];
    response.json(alerts.page({ pageSize, page, statuses }));
  });
  return router;
}
