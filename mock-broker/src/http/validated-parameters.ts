import type { Request } from 'express';

/** The request's query and path parameters, as the contract validated and coerced them (contract-middleware.ts). */
export function validatedParameters<T>(request: Request): T {
  return request.contractParameters as unknown as T;
}
