import crypto from 'node:crypto';
import { Router } from 'express';
import { ApiError } from '../../http/api-error.js';
import { prometheusText, type MetricsReading } from './prometheus-text.js';

export interface MetricsOptions {
  enabled: boolean;
  /** Undefined: anyone who reaches the port may read them. */
  token: string | undefined;
}

const BEARER = /^Bearer\s+(.+)$/i;

/** Compares digests, so that the time taken says nothing of how much of the token was right, nor of its length. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics and TBMQ's GET /actuator/prometheus (openapi.yaml, getStarlingMetrics and
 * getPrometheusMetrics): outside /api, for the scrapers operators run, whichever path they know.
 */
export function metricsRouter(options: MetricsOptions, read: () => MetricsReading): Router {
  const router = Router();
  router.get(['/metrics', '/actuator/prometheus'], (request, response) => {
    if (!options.enabled) throw ApiError.notFound('The metrics are off: STARLING_METRICS_ENABLED=true serves them');
    if (options.token !== undefined) {
      const given = BEARER.exec(request.get('Authorization') ?? '')?.[1];
      if (given === undefined || !sameToken(given, options.token)) {
        const error = ApiError.unauthorized('The metrics ask for Authorization: Bearer <STARLING_METRICS_TOKEN>');
        error.headers['WWW-Authenticate'] = 'Bearer';
        throw error;
      }
    }
    response.type('text/plain; version=0.0.4; charset=utf-8').send(prometheusText(read()));
  });
  return router;
}
