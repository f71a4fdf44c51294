import fs from 'node:fs';
import { parse } from 'yaml';
import { CONTRACT_FILE, operationChanges } from '../http/contract.js';

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
 * The contract's operations that change something (operationChanges), signed in or not. Read from
 * the contract itself, so that a new call is audited (or its absence from the audit
 * rules noticed by their test) without a list kept by hand.
 */
export function changingOperations(file = CONTRACT_FILE): ChangingOperation[] {
  const document = parse(fs.readFileSync(file, 'utf8')) as MarkedDocument;
  const found: ChangingOperation[] = [];
  for (const methods of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!operation.operationId) continue;
      if (!operationChanges(method, operation['x-starling-changes'])) continue;
      const security = operation.security ?? document.security ?? [];
      found.push({ operationId: operation.operationId, requiresAuthentication: security.length > 0 });
    }
  }
  return found;
}
