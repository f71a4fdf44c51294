import { Router } from 'express';

export const PRODUCT_VERSION = '1.3.0';

export function systemRouter(): Router {
  const router = Router();
  router.get('/api/system/info', (_request, response) => {
    response.json({ version: PRODUCT_VERSION });
  });
  return router;
}
