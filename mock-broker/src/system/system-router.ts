import { Router } from 'express';

export const PRODUCT_VERSION = '1.3.0';

export function systemRouter(): Router {
  const router = Router();
  router.get('/api/system/info', (_request, response) => {
    // TBMQ's fields; the bundled broker looks up no newer release (it reaches no release host).
    response.json({ version: PRODUCT_VERSION, name: 'Starling', artifact: 'starling-broker', newestVersion: 'unknown' });
  });
  return router;
}
