import type { NextFunction, Request, Response } from 'express';
import { ApiError, ErrorCode } from './api-error.js';
import { describeErrors, type Contract, type ContractOperation } from './contract.js';

function checkRequest(operation: ContractOperation, request: Request, pathParameters: Record<string, string>): void {
  // Coercion turns "10" into 10 for integer parameters; validate a copy so Express keeps its own view.
  const parameters: Record<string, unknown> = { ...(request.query as Record<string, unknown>), ...pathParameters };
  for (const name of operation.listParameters) {
    const value = parameters[name];
    if (typeof value === 'string') parameters[name] = value === '' ? [] : value.split(',');
  }
  if (!operation.validateParameters(parameters)) {
    throw ApiError.badRequest(`Invalid request: ${describeErrors('query', operation.validateParameters.errors)}`);
  }
  request.contractParameters = parameters;
  if (!operation.validateBody) return;
  const hasBody = request.body !== undefined && request.is('application/json') !== false;
  if (!hasBody) {
    if (operation.bodyRequired) throw ApiError.badRequest('Invalid request: a JSON body is required');
    return;
  }
  if (!operation.validateBody(request.body)) {
    throw ApiError.badRequest(`Invalid request: ${describeErrors('body', operation.validateBody.errors)}`);
  }
}

/** The answer must be one the contract declares, with the declared shape; anything else is a defect. */
function contractViolation(operation: ContractOperation, status: number, body: unknown): string | undefined {
  const key = String(status);
  if (!operation.responses.has(key)) {
    return `${operation.operationId} answered ${status}, which the contract does not declare`;
  }
  const validate = operation.responses.get(key);
  if (validate && !validate(body)) {
    return `${operation.operationId} answered ${status} with ${describeErrors('response', validate.errors)}`;
  }
  return undefined;
}

/** RFC 9110 section 15.5.6: a method the contract does not list on a path it holds; Allow names the ones it does. */
function methodNotAllowed(request: Request, allowed: string[]): ApiError {
  const error = new ApiError(405, ErrorCode.general, `${request.method} is not allowed on ${request.path}: use ${allowed.join(', ')}`);
  error.headers.Allow = allowed.join(', ');
  return error;
}

/**
 * Matches each /api request to its contract operation. With validateResponses, an answer that
 * breaks the contract becomes a 500 so that tests cannot miss it.
 */
export function matchOperation(contract: Contract, validateResponses: boolean) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const match = contract.match(request.method, request.path);
    if (!match) {
      const allowed = contract.methodsAt(request.path);
      next(allowed.length > 0 ? methodNotAllowed(request, allowed) : ApiError.notFound(`No API operation ${request.method} ${request.path}`));
      return;
    }
    request.contractOperation = match.operation;
    request.contractPathParameters = match.pathParameters;
    if (validateResponses) {
      request.answerChecked = true;
      const send = response.json.bind(response);
      response.json = (body: unknown) => {
        const violation = contractViolation(match.operation, response.statusCode, body);
        if (violation) {
          response.status(500);
          return send({ status: 500, message: `Contract violation: ${violation}`, errorCode: 2, timestamp: Date.now() });
        }
        return send(body);
      };
    }
    next();
  };
}

/** Refuses what the contract refuses, naming the field. Runs after authentication, so strangers learn nothing of the schema. */
export function validateRequest(request: Request, _response: Response, next: NextFunction): void {
  if (request.contractOperation) checkRequest(request.contractOperation, request, request.contractPathParameters ?? {});
  next();
}
