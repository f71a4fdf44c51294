import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import type { TokenService } from '../auth/token-service.js';
import { ApiError } from './api-error.js';
import { authenticate } from './authenticate.js';
import type { Contract } from './contract.js';
import { matchOperation, validateRequest } from './contract-middleware.js';
import { consoleFiles } from './console-files.js';
import { errorHandler } from './error-handler.js';
import { securityHeaders } from './security-headers.js';
import { rejectMalformedUrl } from './url-encoding.js';

export interface HttpAppOptions {
  contract: Contract;
  tokens: TokenService;
  routers: Router[];
  /** Routers outside /api answering documents of their own (the documentation), before the console's files. */
  pageRouters: Router[];
  /** Routers of paths the contract holds outside /api (GET /metrics); errors answer the API's shape. */
  rootRouters?: Router[];
  validateResponses: boolean;
  webDir: string;
  /**
   * Watches the calls that change something (the audit log): `matched` runs once the operation is
   * known, before authentication, so that refusals are seen too; `validated` once the body is checked.
   */
  recorder?: { matched: RequestHandler; validated: RequestHandler };
}

/** The console is files: anything but reading them is answered 405, in plain text. */
function consoleMethodNotAllowed(request: Request, response: Response): void {
  response.status(405).set('Allow', 'GET, HEAD').type('text').send(`${request.method} is not allowed here: the console is read with GET`);
}

/** A console file that could not be sent (a client error, or it vanished under a running node): plain text, never a stack. */
function consoleError(error: unknown, _request: Request, response: Response, next: NextFunction): void {
  if (response.headersSent) {
    next(error);
    return;
  }
  const status = (error as { status?: number }).status;
  if (status !== undefined && status >= 400 && status < 500) {
    response.status(status).type('text').send(status === 404 ? 'Not found' : 'Bad request');
    return;
  }
  response.status(500).type('text').send('Internal server error');
}

/** Serves the API under /api and the built console everywhere else (a single-page app). */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(securityHeaders);

  const api = express.Router();
  api.use(rejectMalformedUrl);
  api.use(matchOperation(options.contract, options.validateResponses));
  if (options.recorder) api.use(options.recorder.matched);
  api.use(authenticate(options.tokens));
  // After authentication, and only for operations that take one: a stranger's body, or a body
  // sent where the contract takes none, is never read.
  const readJson = express.json({ limit: '1mb' });
  api.use((request, response, next) => (request.contractOperation?.validateBody ? readJson(request, response, next) : next()));
  api.use(validateRequest);
  if (options.recorder) api.use(options.recorder.validated);
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

  for (const router of options.pageRouters) app.use(router);
  const outsideApi = express.Router();
  for (const router of options.rootRouters ?? []) outsideApi.use(router);
  outsideApi.use(errorHandler);
  app.use(outsideApi);

  const consoleAssets = consoleFiles(options.webDir);
  app.use(consoleAssets.files);
  app.get(/.*/, consoleAssets.index);
  app.use(consoleMethodNotAllowed);
  app.use(consoleError);
  return app;
}
