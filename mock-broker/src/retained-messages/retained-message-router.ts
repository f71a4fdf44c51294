import { Router } from 'express';
import { listPageLink } from '../http/query-forms.js';
import { validatedParameters as parameters } from '../http/validated-parameters.js';
import type { RetainedView } from '../mqtt/persistence/retained-view.js';
import { retainedBranchPage, type RetainedBranchQuery } from './retained-branches.js';
import type { RetainedFilterParameters } from './retained-message-filter.js';
import type { RetainedMessageService, RetainedPageQuery } from './retained-message-service.js';

interface TopicParameters {
  topicName: string;
}

/** The retained messages page (issue 14; BROKER-API.md "retained messages"): list, read, delete, tree. */
export function retainedMessageRouter(service: RetainedMessageService, retained: RetainedView): Router {
  const router = Router();
  router.get('/api/retained-msg/v2', (request, response) => {
    response.json(service.page(parameters<RetainedPageQuery>(request)));
  });
  router.post('/api/v2/retained-msg/delete', (request, response) => {
    response.json(service.deleteMatching(parameters<RetainedFilterParameters>(request)));
  });
  // Two calls at one path, told apart by the query as TBMQ tells them (openapi.yaml getRetainedMessage).
  router.get('/api/retained-msg', (request, response) => {
    const { topicName, ...query } = parameters<Partial<TopicParameters & RetainedPageQuery>>(request);
    response.json(topicName === undefined ? service.page({ ...query, ...listPageLink(query, 'topicName') }) : service.details(topicName));
  });
  router.delete('/api/retained-msg', (request, response) => {
    service.delete(parameters<TopicParameters>(request).topicName);
    response.status(200).end();
  });
  router.post('/api/retained-msg/delete', (request, response) => {
    response.json(service.deleteListed((request.body as { topicNames: string[] }).topicNames));
  });
  router.get('/api/retained-msg/tree', (request, response) => {
    response.json(retainedBranchPage(retained, parameters<RetainedBranchQuery>(request)));
  });
  return router;
}
