import { Router } from 'express';
import { sendJsonText } from '../../http/json-text.js';
import { validatedParameters as parameters } from '../../http/validated-parameters.js';
import type { ServiceInfoPage } from '../service-info.js';
import type { LatestParameters, TimeseriesService, ValuesParameters } from '../timeseries-service.js';

/** Time series and resource usage of the nodes (issue 16; BROKER-API.md "time series"). */
export function monitoringRouter(timeseries: TimeseriesService, serviceInfos: () => ServiceInfoPage): Router {
  const router = Router();
  router.get('/api/timeseries/:entityId/values', async (request, response) => {
    // A client that goes away gives up its place: its query stops waiting or running.
    const gone = new AbortController();
    response.on('close', () => gone.abort());
    const answer = await timeseries.values(parameters<ValuesParameters>(request), gone.signal).catch((error: unknown) => {
      if (!gone.signal.aborted) throw error;
    });
    if (answer !== undefined) sendJsonText(request, response, answer);
  });
  router.get('/api/timeseries/latest', (request, response) => {
    sendJsonText(request, response, timeseries.latest(parameters<LatestParameters>(request)));
  });
  router.get('/api/app/service/info', (_request, response) => {
    response.json(serviceInfos());
  });
  return router;
}
