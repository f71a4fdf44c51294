import type { MessageDescriptor } from 'react-intl';
import type { BlockedClientSave } from '../../../api/generated/model/blockedClientSave';
import type { BlockedClientType } from '../../../api/generated/model/blockedClientType';
import type { RegexMatchTarget } from '../../../api/generated/model/regexMatchTarget';
import { topicPatternProblem } from '../../../components/rule-patterns/topic-pattern';

export interface BlockedClientFormValues {
  type: BlockedClientType;
  value: string;
  /** What a REGEX entry is matched against. */
  regexMatchTarget: RegexMatchTarget;
  expires: boolean;
  /** A datetime-local input's value (local time), used when `expires`. */
  expiresAt: string;
  description: string;
}

export type BlockedClientFormErrors = Partial<Record<'value' | 'expiresAt', MessageDescriptor>>;

export const newBlockedClientForm = (type: BlockedClientType = 'CLIENT_ID', value = ''): BlockedClientFormValues => ({
  type,
  value,
  regexMatchTarget: 'BY_CLIENT_ID',
  expires: false,
  expiresAt: '',
  description: '',
});

export function validateBlockedClientForm(values: BlockedClientFormValues, now: number): BlockedClientFormErrors {
  const errors: BlockedClientFormErrors = {};
  const value = values.value.trim();
  if (value === '') errors.value = { id: 'blocked-client.value-required' };
  else if (values.type === 'REGEX' && topicPatternProblem(value) !== undefined) errors.value = { id: 'mqtt-client-credentials.invalid-regex' };
  if (values.expires) {
    const expiresAt = new Date(values.expiresAt).getTime();
    if (Number.isNaN(expiresAt)) errors.expiresAt = { id: 'blocked-client.expiration-required' };
    else if (expiresAt <= now) errors.expiresAt = { id: 'blocked-client.expiration-in-past' };
  }
  return errors;
}

/** The body field that holds the value of each type (openapi.yaml, BlockedClientSave). */
const VALUE_FIELDS = { CLIENT_ID: 'clientId', USERNAME: 'username', IP_ADDRESS: 'ipAddress', REGEX: 'pattern' } as const satisfies Record<BlockedClientType, keyof BlockedClientSave>;

/** What POST /api/blockedClient takes: the value in its type's field; expiration 0 never expires (openapi.yaml). */
export function blockedClientSaveOf(values: BlockedClientFormValues): BlockedClientSave {
  const description = values.description.trim();
  return {
    type: values.type,
    [VALUE_FIELDS[values.type]]: values.value.trim(),
    ...(values.type === 'REGEX' ? { regexMatchTarget: values.regexMatchTarget } : {}),
    expirationTime: values.expires ? new Date(values.expiresAt).getTime() : 0,
    ...(description === '' ? {} : { description }),
  };
}
