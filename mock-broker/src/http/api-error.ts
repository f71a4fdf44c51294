/** Spec section 8: the server's error codes. */
export const ErrorCode = {
  general: 2,
  authentication: 10,
  jwtTokenExpired: 11,
  tenantTrialExpired: 12,
  credentialsExpired: 15,
  permissionDenied: 20,
  /** Not in the spec's list: a token of a sign-in whose password someone else chose (openapi.yaml). */
  passwordChangeRequired: 21,
  invalidArguments: 30,
  badRequestParams: 31,
  itemNotFound: 32,
  tooManyRequests: 33,
  tooManyUpdates: 34,
  /** Starling's own (openapi.yaml ErrorCode): the node has no Kafka cluster configured. */
  kafkaNotConfigured: 40,
  /** Starling's own: the configured Kafka cluster cannot be reached, or did not answer in time. */
  kafkaUnavailable: 41,
  /** TBMQ's PASSWORD_VIOLATION: a sign-in whose password the policy refuses, when it asks for a reset. */
  passwordViolation: 45,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ErrorBody {
  status: number;
  message: string;
  errorCode: ErrorCodeValue;
  timestamp: number;
  /** With errorCode 15: the token that lets the user set a new password. */
  resetToken?: string;
}

/** An error a service throws and the HTTP layer answers in the spec's shape. */
export class ApiError extends Error {
  /** Response headers that belong with this error, such as Retry-After. */
  readonly headers: Record<string, string> = {};

  constructor(
    readonly status: number,
    readonly errorCode: ErrorCodeValue,
    message: string,
  ) {
    super(message);
  }

  static badRequest(message: string): ApiError {
    return new ApiError(400, ErrorCode.badRequestParams, message);
  }

  static invalidArguments(message: string): ApiError {
    return new ApiError(400, ErrorCode.invalidArguments, message);
  }

  static unauthorized(message: string, errorCode: ErrorCodeValue = ErrorCode.authentication): ApiError {
    return new ApiError(401, errorCode, message);
  }

  static forbidden(message = 'You do not have permission to perform this operation!'): ApiError {
    return new ApiError(403, ErrorCode.permissionDenied, message);
  }

  /** 403 with code 21: the session may only change its password (and read what the console needs for that). */
  static passwordChangeRequired(): ApiError {
    return new ApiError(403, ErrorCode.passwordChangeRequired, 'Change your password first: it was chosen by someone else, so this session may only change it');
  }

  static notFound(message: string): ApiError {
    return new ApiError(404, ErrorCode.itemNotFound, message);
  }

  /** A well-formed request that clashes with what is stored (another item already holds the value); the message names the field. */
  static conflict(message: string): ApiError {
    return new ApiError(409, ErrorCode.invalidArguments, message);
  }

  body(now = Date.now()): ErrorBody {
    return { status: this.status, message: this.message, errorCode: this.errorCode, timestamp: now };
  }
}

/** Spec section 8: credentials expired on sign-in; the console continues to the expired-password reset. */
export class CredentialsExpiredError extends ApiError {
  constructor(readonly resetToken: string) {
    super(401, ErrorCode.credentialsExpired, 'User password expired!');
  }

  override body(now = Date.now()): ErrorBody {
    return { ...super.body(now), resetToken: this.resetToken };
  }
}
