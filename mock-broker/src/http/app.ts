import express, { type Express, type Router } from 'express';
import type { TokenService } from '../auth/token-service.js';
import { ApiError } from './api-error.js';
import { authenticate } from './authenticate.js';
import type { Contract } from './contract.js';
import { matchOperation, validateRequest } from './contract-middleware.js';
import { consoleFiles } from './console-files.js';
import { errorHandler } from './error-handler.js';

export interface HttpAppOptions {
  contract: Contract;
  tokens: TokenService;
  routers: Router[];
  validateResponses: boolean;
  webDir: string;
}

/** Serves the API under /api and the built console everywhere else (a single-page app). */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');

  const api = express.Router();
  api.use(express.json({ limit: '1mb' }));
  api.use(matchOperation(options.contract, options.validateResponses));
  api.use(authenticate(options.tokens));
  api.use(validateRequest);
  for (const router of options.routers) api.use(router);
  api.use((request) => {
    throw ApiError.notFound(`${request.method} ${request.path} is in the contract but this broker does not serve it`);
  });
  api.use(errorHandler);
  // Routers declare full paths (/api/...), exactly as the contract writes them.
  app.use((request, response, next) => {
    if (request.path === '/api' || request.path.startsWith('/api/')) api(request, response, next);
    else next();
  });

  const consoleAssets = consoleFiles(options.webDir);
  app.use(consoleAssets.files);
  app.get(/.*/, consoleAssets.index);
  return app;
}
