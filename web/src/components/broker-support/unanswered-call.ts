import { ApiError } from '../../api/api-error';

/** openapi.yaml ErrorCode 32: the call is known, the item it names is not. */
const ITEM_NOT_FOUND = 32;

/**
 * Whether a failed call is one the broker does not offer at all, rather than a refusal or a missing
 * item: 501 Not Implemented, or a 404 that is not the error format's "item not found". A broker of
 * the production family that lacks a call the console makes answers so (README "Upstream mode").
 */
export function isUnansweredCall(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 501 || (error.status === 404 && error.errorCode !== ITEM_NOT_FOUND);
}
