import type { OutgoingCredentials } from '../../../api/generated/model/outgoingCredentials';
import { type FieldProblem, requiredText, tooLong } from './field-checks';

/**
 * How the broker signs in to a JWKS endpoint or an HTTP auth service. The console edits anonymous
 * and basic; client certificates (cert.PEM), which a production broker may hold, are kept as stored.
 */
export type CredentialsKind = OutgoingCredentials['type'];

export interface OutgoingCredentialsValues {
  kind: CredentialsKind;
  username: string;
  /** Never answered by the broker: empty keeps the stored one (openapi.yaml OutgoingCredentials). */
  password: string;
  /** What the broker holds, sent back unchanged while the kind stays cert.PEM. */
  stored: OutgoingCredentials;
}

const ANONYMOUS: OutgoingCredentials = { type: 'anonymous' };

export function outgoingCredentialsValuesOf(stored: OutgoingCredentials | undefined): OutgoingCredentialsValues {
  const credentials = stored ?? ANONYMOUS;
  const username = credentials.type === 'basic' ? (credentials.username ?? '') : '';
  return { kind: credentials.type, username, password: '', stored: credentials };
}

export function outgoingCredentialsOf(values: OutgoingCredentialsValues): OutgoingCredentials {
  switch (values.kind) {
    case 'anonymous':
      return ANONYMOUS;
    case 'basic':
      return { type: 'basic', username: values.username, ...(values.password === '' ? {} : { password: values.password }) };
    case 'cert.PEM':
      return values.stored;
  }
}

/** Whether an empty password keeps one the broker already holds. */
export function keepsStoredPassword(values: OutgoingCredentialsValues): boolean {
  return values.stored.type === 'basic';
}

export function outgoingCredentialsProblems(values: OutgoingCredentialsValues): { username?: FieldProblem; password?: FieldProblem } {
  if (values.kind !== 'basic') return {};
  const passwordMissing = values.password === '' && !keepsStoredPassword(values);
  return { username: requiredText(values.username, 255), password: passwordMissing ? { id: 'auth-provider.required' } : tooLong(values.password, 255) };
}
