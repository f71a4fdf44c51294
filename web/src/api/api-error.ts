import type { ErrorResponse } from './generated/model/errorResponse';

/** Spec section 8: a request that never reached the broker (status 0 or -1). */
export const UNABLE_TO_CONNECT_MESSAGE = 'Unable to connect';
const UNHANDLED_ERROR_MESSAGE = 'Unhandled error code';

/** Server error codes the console acts on (spec section 8, error catalogue; 21 is the contract's own). */
export const ErrorCodes = {
  jwtTokenExpired: 11,
  credentialsExpired: 15,
  /** 403: the session's password was chosen by someone else and must be changed first (openapi.yaml, ErrorCode). */
  passwordChangeRequired: 21,
  tooManyRequests: 33,
  /** 401: the password is right or not, but the policy refuses it and asks for a reset (forceUserToResetPasswordIfNotValid). */
  passwordViolatesPolicy: 45,
} as const;

/** A non-2xx answer (or no answer at all) from the broker, carrying the broker's error body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly errorCode?: number,
    /** With errorCode 15, the token that lets the user set a new password. */
    readonly resetToken?: string,
    readonly statusText = '',
  ) {
    super(message);
  }

  static unableToConnect(): ApiError {
    return new ApiError(0, UNABLE_TO_CONNECT_MESSAGE);
  }

  /**
   * Builds the error from the broker's `{status, message, errorCode, timestamp}` body; failing that,
   * from the answer's text (spec section 8, "other errors").
   */
  static async fromResponse(response: Response): Promise<ApiError> {
    const text = await response.text().catch(() => '');
    const body = parseErrorBody(text);
    const message = body?.message || text || response.statusText || UNHANDLED_ERROR_MESSAGE;
    return new ApiError(response.status, message, body?.errorCode, body?.resetToken, response.statusText);
  }
}

function parseErrorBody(text: string): Partial<ErrorResponse> | undefined {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? (body as Partial<ErrorResponse>) : undefined;
  } catch {
    return undefined;
  }
}
