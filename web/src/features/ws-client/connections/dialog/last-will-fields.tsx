import { Checkbox, FormGroup, Switch } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { bindTextField } from '../../../../components/form/bind-text-field';
import { TextField } from '../../../../components/form/text-field';
import { DurationInput } from '../../../../components/unit-input/unit-input';
import { PayloadField } from '../../publish/payload-field';
import { PublishPropertiesFields } from '../../publish/publish-properties-fields';
import { QosSelect } from '../../../../components/mqtt/qos-selects';
import type { ConnectionFieldsProps } from './connection-fields-props';
import type { LastWillFormValues } from '../form/last-will-values';

/** The will message: topic, QoS, retain, payload, and on MQTT 5 its delay and properties. */
export function LastWillFields({ values, onChange, errors }: ConnectionFieldsProps) {
  const intl = useIntl();
  const will = values.lastWill;
  const willErrors = errors.willMessage ?? {};
  // From the current values: the value input changes the type and the value in one go.
  const change = (changes: Partial<LastWillFormValues>) => onChange((current) => ({ lastWill: { ...current.lastWill, ...changes } }));
  const fieldProps = bindTextField('ws-connection-will', will, change, { errors: willErrors });
  const mqtt5 = values.mqttVersion >= 5;
  return (
    <>
      <Switch
        label={intl.formatMessage({ id: 'ws-client.connection.last-will-enabled' })}
        checked={values.lastWillEnabled}
        onChange={(event) => onChange({ lastWillEnabled: event.currentTarget.checked })}
      />
      {values.lastWillEnabled && (
        <>
          <TextField {...fieldProps('topic')} label={<FormattedMessage id="ws-client.publish.topic" />} required />
          <div className="ws-client__field-row">
            <QosSelect id="ws-connection-will-qos" value={will.qos} onChange={(qos) => change({ qos })} />
            <FormGroup label={<FormattedMessage id="ws-client.publish.retain" />} labelFor="ws-connection-will-retain">
              <Checkbox
                id="ws-connection-will-retain"
                label={intl.formatMessage({ id: 'ws-client.publish.retain-hint' })}
                checked={will.retain}
                onChange={(event) => change({ retain: event.currentTarget.checked })}
              />
            </FormGroup>
          </div>
          <PayloadField
            id="ws-connection-will-payload"
            value={will.payload}
            type={will.payloadType}
            onValueChange={(payload) => change({ payload })}
            onTypeChange={(payloadType) => change({ payloadType })}
          />
          <fieldset disabled={!mqtt5} className="ws-client__fieldset">
            <FormGroup helperText={willErrors.willDelayInterval && <FormattedMessage {...willErrors.willDelayInterval} />} intent={willErrors.willDelayInterval ? 'danger' : 'none'}>
              <DurationInput
                label={intl.formatMessage({ id: 'ws-client.connection.will-delay' })}
                units={['SECONDS', 'MINUTES', 'HOURS']}
                value={will.willDelayInterval}
                unit={will.willDelayIntervalUnit}
                onChange={(willDelayInterval, willDelayIntervalUnit) => change({ willDelayInterval, willDelayIntervalUnit })}
              />
            </FormGroup>
          </fieldset>
          <PublishPropertiesFields
            idPrefix="ws-connection-will-properties"
            values={will.properties}
            onChange={(properties) => change({ properties })}
            errors={willErrors}
            mqttVersion={values.mqttVersion}
            withTopicAlias={false}
          />
        </>
      )}
    </>
  );
}
