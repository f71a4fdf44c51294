import { Checkbox, FormGroup } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { bindTextField } from '../../../components/form/bind-text-field';
import { TextField } from '../../../components/form/text-field';
import { DurationInput } from '../../../components/unit-input/unit-input';
import { UserPropertiesEditor } from '../../../components/user-properties/user-properties-editor';
import { Mqtt5OnlyNote } from '../mqtt5-only-note';
import type { PublishPropertiesErrors, PublishPropertiesFormValues } from './publish-properties-values';

interface PublishPropertiesFieldsProps {
  idPrefix: string;
  values: PublishPropertiesFormValues;
  onChange: (values: PublishPropertiesFormValues) => void;
  errors: PublishPropertiesErrors;
  mqttVersion: number;
  /** A will message has no topic alias. */
  withTopicAlias: boolean;
}

/** MQTT 5 PUBLISH (or will) properties; disabled, with the reason, on an MQTT 3.x connection. */
export function PublishPropertiesFields({ idPrefix, values, onChange, errors, mqttVersion, withTopicAlias }: PublishPropertiesFieldsProps) {
  const intl = useIntl();
  const change = (changes: Partial<PublishPropertiesFormValues>) => onChange({ ...values, ...changes });
  const fieldProps = bindTextField(idPrefix, values, change, { errors });
  const errorText = (field: keyof PublishPropertiesErrors) => {
    const error = errors[field];
    return error ? <FormattedMessage {...error} /> : undefined;
  };
  return (
    <>
      <Mqtt5OnlyNote mqttVersion={mqttVersion} />
      <fieldset disabled={mqttVersion < 5} className="ws-client__fieldset">
        <div className="ws-client__field-row">
          <TextField {...fieldProps('contentType')} label={<FormattedMessage id="ws-client.publish.content-type" />} placeholder="application/json" />
          {withTopicAlias && <TextField {...fieldProps('topicAlias')} label={<FormattedMessage id="ws-client.publish.topic-alias" />} type="number" />}
        </div>
        <Checkbox
          label={intl.formatMessage({ id: 'ws-client.publish.payload-format-indicator' })}
          checked={values.payloadFormatIndicator}
          onChange={(event) => change({ payloadFormatIndicator: event.currentTarget.checked })}
        />
        <FormGroup helperText={errorText('messageExpiryInterval')} intent={errors.messageExpiryInterval ? 'danger' : 'none'}>
          <DurationInput
            label={intl.formatMessage({ id: 'ws-client.publish.message-expiry-interval' })}
            value={values.messageExpiryInterval}
            unit={values.messageExpiryIntervalUnit}
            units={['SECONDS', 'MINUTES', 'HOURS']}
            onChange={(messageExpiryInterval, messageExpiryIntervalUnit) => change({ messageExpiryInterval, messageExpiryIntervalUnit })}
          />
        </FormGroup>
        <div className="ws-client__field-row">
          <TextField {...fieldProps('responseTopic')} label={<FormattedMessage id="ws-client.publish.response-topic" />} />
          <TextField {...fieldProps('correlationData')} label={<FormattedMessage id="ws-client.publish.correlation-data" />} />
        </div>
        <FormGroup label={<FormattedMessage id="ws-client.user-properties" />} helperText={errorText('userProperties')} intent={errors.userProperties ? 'danger' : 'none'}>
          <UserPropertiesEditor value={values.userProperties} onChange={(userProperties) => change({ userProperties })} disabled={mqttVersion < 5} />
        </FormGroup>
      </fieldset>
    </>
  );
}
