import type { NextFunction, Request, Response } from 'express';
import { ApiError, ErrorCode } from './api-error.js';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

/** Every failure answers the spec's error shape; unexpected ones are logged, never leaked. */
export function errorHandler(error: unknown, request: Request, response: Response, next: NextFunction): void {
  if (response.headersSent) {
    next(error);
    return;
  }
  let apiError: ApiError;
  if (error instanceof ApiError) {
    apiError = error;
  } else if ((error as BodyParserError).type === 'entity.parse.failed') {
    apiError = ApiError.badRequest('Invalid request: the body is not valid JSON');
  } else if ((error as BodyParserError).type === 'entity.too.large') {
    apiError = new ApiError(413, ErrorCode.badRequestParams, 'Invalid request: the body is too large');
  } else {
    console.error(`${request.method} ${request.originalUrl} failed:`, error);
    apiError = new ApiError(500, ErrorCode.general, 'Internal server error');
  }
  response.status(apiError.status).set(apiError.headers).json(apiError.body());
}
