import type { NextFunction, Request, Response } from 'express';
import { ApiError, ErrorCode } from './api-error.js';

/** What body-parser and Express's router attach to the errors they raise (the http-errors shape). */
interface HttpError extends Error {
  type?: string;
  status?: number;
  expose?: boolean;
}

/** The request failures Express and body-parser detect themselves, in the spec's error shape. */
function requestError(error: HttpError): ApiError | undefined {
  if (error.type === 'entity.parse.failed') return ApiError.badRequest('Invalid request: the body is not valid JSON');
  if (error.type === 'entity.too.large') return new ApiError(413, ErrorCode.badRequestParams, 'Invalid request: the body is larger than 1 MiB');
  if (error.type === 'charset.unsupported' || error.type === 'encoding.unsupported') {
    // 400 rather than 415: the contract takes UTF-8 JSON only, and a body it cannot read is a bad request.
    return ApiError.badRequest(`Invalid request: ${error.message}; send UTF-8 JSON`);
  }
  // Any other client error they raise (an aborted or mis-sized body, a path parameter that is not
  // percent-encoded UTF-8) is the client's, and says so.
  if (error.expose === true && typeof error.status === 'number' && error.status >= 400 && error.status < 500) {
    return ApiError.badRequest(`Invalid request: ${error.message}`);
  }
  return undefined;
}

/** Every failure answers the spec's error shape; unexpected ones are logged, never leaked. */
export function errorHandler(error: unknown, request: Request, response: Response, next: NextFunction): void {
  if (response.headersSent) {
    next(error);
    return;
  }
  let apiError = error instanceof ApiError ? error : requestError(error as HttpError);
  if (!apiError) {
    console.error(`${request.method} ${request.originalUrl} failed:`, error);
    apiError = new ApiError(500, ErrorCode.general, 'Internal server error');
  }
  response.status(apiError.status).set(apiError.headers).json(apiError.body());
}
