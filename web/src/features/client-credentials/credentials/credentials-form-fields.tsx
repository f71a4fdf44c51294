import { FormGroup, HTMLSelect, TextArea } from '@blueprintjs/core';
import type { ComponentType } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CLIENT_TYPE_LOOKS } from '../../../components/client-type/client-type-tag';
import { bindTextField } from '../../../components/form/bind-text-field';
import { TextField } from '../../../components/form/text-field';
import { BasicCredentialsFields } from './basic-credentials-fields';
import type { MqttCredentialsType } from '../../../api/generated/model/mqttCredentialsType';
import { CLIENT_TYPES, CREDENTIALS_TYPES, credentialsTypeLabels } from './credentials-filter';
import type { CredentialsFieldsProps } from './credentials-fields-props';
import type { CredentialsFormValues } from './credentials-form-values';
import { ScramCredentialsFields } from './scram-credentials-fields';
import { X509CredentialsFields } from './x509-credentials-fields';


const TYPE_FIELDS: Record<MqttCredentialsType, ComponentType<CredentialsFieldsProps>> = {
  MQTT_BASIC: BasicCredentialsFields,
  X_509: X509CredentialsFields,
  SCRAM: ScramCredentialsFields,
};

/** The fields every credentials type has, then those of the chosen type. */
export function CredentialsFormFields(props: CredentialsFieldsProps) {
  const { values, onChange, errors, brokerError, adding } = props;
  const intl = useIntl();
  const fieldProps = bindTextField('credentials', values, onChange, { errors, brokerError });
  const TypeFields = TYPE_FIELDS[values.credentialsType];
  return (
    <>
      <TextField {...fieldProps('name')} label={<FormattedMessage id="mqtt-client-credentials.name" />} autoFocus required />
      <div className="client-access__field-row">
        <FormGroup label={<FormattedMessage id="mqtt-client-credentials.client-type" />} labelFor="credentials-client-type">
          <HTMLSelect id="credentials-client-type" fill value={values.clientType} onChange={(event) => onChange({ clientType: event.currentTarget.value as CredentialsFormValues['clientType'] })}>
            {CLIENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {intl.formatMessage({ id: CLIENT_TYPE_LOOKS[type].label })}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={<FormattedMessage id="mqtt-client-credentials.credentials-type" />} labelFor="credentials-credentials-type">
          {/* The type decides what the credentials are: it is chosen once, when they are added. */}
          <HTMLSelect
            id="credentials-credentials-type"
            fill
            disabled={!adding}
            value={values.credentialsType}
            onChange={(event) => onChange({ credentialsType: event.currentTarget.value as MqttCredentialsType })}
          >
            {CREDENTIALS_TYPES.map((type) => (
              <option key={type} value={type}>
                {intl.formatMessage({ id: credentialsTypeLabels[type] })}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </div>
      <TypeFields {...props} />
      <FormGroup label={<FormattedMessage id="mqtt-client-credentials.description" />} labelFor="credentials-description">
        <TextArea id="credentials-description" fill autoResize value={values.description} onChange={(event) => onChange({ description: event.currentTarget.value })} />
      </FormGroup>
    </>
  );
}
