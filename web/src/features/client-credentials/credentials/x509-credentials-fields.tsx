import { Button, Callout, Card, Checkbox, FormGroup, InputGroup } from '@blueprintjs/core';
import { PlusIcon, TrashIcon } from '@blueprintjs/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { bindTextField } from '../../../components/form/bind-text-field';
import { TextField } from '../../../components/form/text-field';
import type { CredentialsFieldsProps } from './credentials-fields-props';
import type { CertificateRules } from './credentials-form-values';
import { RuleListsFields } from '../../../components/rule-patterns/rule-lists-fields';
import { EVERY_TOPIC } from '../../../components/rule-patterns/rule-lists';

/** X_509: the certificate common-name pattern and the rules mapped by common name (BROKER-API.md). */
export function X509CredentialsFields({ values, onChange, errors, brokerError }: CredentialsFieldsProps) {
  const intl = useIntl();
  const fieldProps = bindTextField('credentials', values, onChange, { errors, brokerError });
  const setEntry = (index: number, entry: CertificateRules) => onChange({ rulesMapping: values.rulesMapping.map((other, position) => (position === index ? entry : other)) });
  return (
    <>
      <TextField {...fieldProps('certCnPattern')} label={<FormattedMessage id="mqtt-client-credentials.certificate-cn" />} autoComplete="off" required />
      <FormGroup helperText={<FormattedMessage id="mqtt-client-credentials.certificate-cn-regex-hint" />}>
        <Checkbox
          checked={values.certCnIsRegex}
          label={intl.formatMessage({ id: 'mqtt-client-credentials.certificate-cn-is-regex' })}
          onChange={(event) => onChange({ certCnIsRegex: event.currentTarget.checked })}
        />
      </FormGroup>
      <FormGroup label={<FormattedMessage id="mqtt-client-credentials.rules-mapping" />} helperText={<FormattedMessage id="mqtt-client-credentials.rules-mapping-hint" />}>
        {errors.rulesMapping && (
          <Callout intent="danger" compact role="alert" className="client-access__mapping-error">
            <FormattedMessage {...errors.rulesMapping} />
          </Callout>
        )}
        {values.rulesMapping.map((entry, index) => (
          <Card key={index} compact className="client-access__mapping-entry" data-testid="rules-mapping-entry">
            <div className="client-access__mapping-head">
              <InputGroup
                aria-label={intl.formatMessage({ id: 'mqtt-client-credentials.rules-mapping-pattern' })}
                placeholder={intl.formatMessage({ id: 'mqtt-client-credentials.rules-mapping-pattern' })}
                value={entry.pattern}
                onValueChange={(pattern) => setEntry(index, { ...entry, pattern })}
                fill
              />
              <Button
                variant="minimal"
                icon={<TrashIcon />}
                aria-label={intl.formatMessage({ id: 'mqtt-client-credentials.rules-mapping-remove' })}
                disabled={values.rulesMapping.length === 1}
                onClick={() => onChange({ rulesMapping: values.rulesMapping.filter((_, position) => position !== index) })}
              />
            </div>
            <RuleListsFields idPrefix={`credentials-mapping-${index}`} rules={entry} onChange={(rules) => setEntry(index, { ...entry, ...rules })} />
          </Card>
        ))}
        <Button
          variant="outlined"
          icon={<PlusIcon />}
          onClick={() => onChange({ rulesMapping: [...values.rulesMapping, { pattern: '', pub: [EVERY_TOPIC], sub: [EVERY_TOPIC] }] })}
        >
          <FormattedMessage id="mqtt-client-credentials.rules-mapping-add" />
        </Button>
      </FormGroup>
    </>
  );
}
