import type { NextFunction, Request, Response } from 'express';
import { ApiError } from './api-error.js';
import { decodeUrlComponent } from './contract.js';

/** Enough of a malformed part to recognise it, never the whole of a long one. */
function shown(text: string): string {
  return text.length > 64 ? `${text.slice(0, 64)}…` : text;
}

/**
 * A path or query that is not percent-encoded UTF-8 (`/api/admin/user/%E0`) names nothing: 400,
 * naming the part. Without this, Express would read a bad query byte as U+FFFD and search for
 * something the client never sent.
 */
export function rejectMalformedUrl(request: Request, _response: Response, next: NextFunction): void {
  const [path = '', query = ''] = request.originalUrl.split(/\?(.*)/s);
  if (decodeUrlComponent(path) === undefined) throw ApiError.badRequest(`Invalid request: the path ${shown(path)} is not percent-encoded UTF-8`);
  for (const pair of query.split('&')) {
    const [name = '', value = ''] = pair.split(/=(.*)/s);
    const decodedName = decodeUrlComponent(name.replace(/\+/g, ' '));
    if (decodedName === undefined) throw ApiError.badRequest(`Invalid request: the query parameter ${shown(name)} is not percent-encoded UTF-8`);
    if (decodeUrlComponent(value.replace(/\+/g, ' ')) === undefined) {
      throw ApiError.badRequest(`Invalid request: query.${shown(decodedName)} is not percent-encoded UTF-8`);
    }
  }
  next();
}
