import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import { type KeyValueListMessages, type KeyValuePair, KeyValueListEditor } from '../../../components/key-value-list/key-value-list-editor';
import type { AuthRuleLists } from '../../../components/rule-patterns/rule-lists';
import { RuleListsFields } from '../../../components/rule-patterns/rule-lists-fields';
import { PROVIDER_CLIENT_TYPES, type ProviderClientTypeChoice } from './client-type-choice';
import { checkPairs, type MessageId } from './field-checks';
import type { ErrorOf } from './field-errors';
import { FieldGroup } from './field-group';

export const CLIENT_TYPE_NAMES: Record<ProviderClientTypeChoice, MessageDescriptor> = {
  DEVICE: { id: 'client-type.device' },
  APPLICATION: { id: 'client-type.application' },
};

/** The default client type: DEVICE or APPLICATION only (INTEGRATION is refused on save). */
export function ClientTypeField({ id, value, onChange, hint }: { id: string; value: ProviderClientTypeChoice; onChange: (value: ProviderClientTypeChoice) => void; hint: ReactNode }) {
  const intl = useIntl();
  return (
    <FormGroup label={<FormattedMessage id="auth-provider.default-client-type" />} labelFor={id} helperText={hint}>
      <HTMLSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as ProviderClientTypeChoice)}
        options={PROVIDER_CLIENT_TYPES.map((type) => ({ value: type, label: intl.formatMessage(CLIENT_TYPE_NAMES[type]) }))}
      />
    </FormGroup>
  );
}

/** The row texts of a pair list, from the list's own key prefix (`auth-provider.<kind>-…`). */
function pairMessages(kind: 'header' | 'auth-claim' | 'type-claim'): KeyValueListMessages {
  const id = (suffix: string) => ({ id: `auth-provider.${kind}-${suffix}` as MessageId }) satisfies MessageDescriptor;
  return {
    list: id('list'),
    empty: id('empty'),
    key: id('name'),
    value: id('value'),
    keyOf: id('name-of'),
    valueOf: id('value-of'),
    remove: id('remove'),
    add: id('add'),
    maxReached: { id: 'auth-provider.pairs-max-reached' },
  };
}

interface PairsFieldProps {
  kind: 'header' | 'auth-claim' | 'type-claim';
  label: ReactNode;
  hint?: ReactNode;
  pairs: KeyValuePair[];
  onChange: (pairs: KeyValuePair[]) => void;
  error: ReactNode | undefined;
}

/** Headers or claims as rows of name and value, their problem under them. */
export function PairsField({ kind, label, hint, pairs, onChange, error }: PairsFieldProps) {
  return (
    <FieldGroup label={label} error={error} hint={hint}>
      <KeyValueListEditor value={pairs} onChange={onChange} messages={pairMessages(kind)} maxItems={50} invalidKeys={checkPairs(pairs).invalidKeys} />
    </FieldGroup>
  );
}

/** The default publish and subscribe rule patterns a provider gives the clients it lets in. */
export function RulesFields({ idPrefix, rules, onChange, errorOf }: { idPrefix: string; rules: AuthRuleLists; onChange: (rules: AuthRuleLists) => void; errorOf: ErrorOf }) {
  return (
    <RuleListsFields
      idPrefix={idPrefix}
      rules={rules}
      onChange={onChange}
      maxPatternLength={1024}
      errors={{ pub: errorOf('pubAuthRulePatterns'), sub: errorOf('subAuthRulePatterns') }}
    />
  );
}
