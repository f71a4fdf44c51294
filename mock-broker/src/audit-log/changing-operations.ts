import fs from 'node:fs';
import { parse } from 'yaml';
import { CONTRACT_FILE } from '../http/contract.js';

interface MarkedOperation {
  operationId?: string;
  security?: unknown[];
  'x-starling-changes'?: boolean;
}

interface MarkedDocument {
  security?: unknown[];
  paths: Record<string, Record<string, MarkedOperation>>;
}

/** An operation of the contract that changes something, and whether it needs a signed-in caller. */
export interface ChangingOperation {
  operationId: string;
  requiresAuthentication: boolean;
}

/**
 * openapi.yaml "Changes and roles": an operation changes something when its method is not GET,
 * unless marked `x-starling-changes: false`, and a GET marked `x-starling-changes: true` does too.
 * Read from the contract itself, so that a new call is audited (or its absence from the audit
 * rules noticed by their test) without a list kept by hand.
 */
export function changingOperations(file = CONTRACT_FILE): ChangingOperation[] {
  const document = parse(fs.readFileSync(file, 'utf8')) as MarkedDocument;
  const found: ChangingOperation[] = [];
  for (const methods of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!operation.operationId) continue;
      const marked = operation['x-starling-changes'];
      const changes = method.toLowerCase() === 'get' ? marked === true : marked !== false;
      if (!changes) continue;
      const security = operation.security ?? document.security ?? [];
      found.push({ operationId: operation.operationId, requiresAuthentication: security.length > 0 });
    }
  }
  return found;
}
