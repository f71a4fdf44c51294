import type { AccessClaims } from '../auth/token-service.js';
import type { ContractOperation } from './contract.js';

declare global {
  namespace Express {
    interface Request {
      contractOperation?: ContractOperation;
      contractPathParameters?: Record<string, string>;
      /** Query and path parameters, typed by the contract (numbers and booleans coerced). */
      contractParameters?: Record<string, unknown>;
      claims?: AccessClaims;
      /** The answer's JSON is checked against the contract (validateResponses, on in tests). */
      answerChecked?: boolean;
    }
  }
}
