import { Checkbox, FormGroup, HTMLSelect, Switch } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import type { WsMqttVersion } from '../../../../api/generated/model/wsMqttVersion';
import { bindTextField } from '../../../../components/form/bind-text-field';
import { TextField } from '../../../../components/form/text-field';
import { MQTT_VERSIONS, mqttVersionName } from '../../../../components/mqtt/mqtt-version';
import { DataSizeInput, DurationInput } from '../../../../components/unit-input/unit-input';
import { UserPropertiesEditor } from '../../../../components/user-properties/user-properties-editor';
import { Mqtt5OnlyNote } from '../../mqtt5-only-note';
import type { ConnectionFieldsProps } from './connection-fields-props';

/**
 * A unit input with the form's error under it. The widget is given no bounds: the form checks them
 * in the unit the protocol counts in, and names the field in its message.
 */
function UnitField({ error, brokerMessage, children }: { error?: MessageDescriptor; brokerMessage?: string; children: ReactNode }) {
  const text = error ? <FormattedMessage {...error} /> : brokerMessage;
  return (
    <FormGroup helperText={text} intent={text ? 'danger' : 'none'}>
      {children}
    </FormGroup>
  );
}

/** MQTT version, session and timing settings, and the MQTT 5 connect properties. */
export function ConnectionAdvancedFields({ values, onChange, errors, brokerError }: ConnectionFieldsProps) {
  const intl = useIntl();
  const fieldProps = bindTextField('ws-connection', values, onChange, { errors, brokerError });
  const brokerMessage = (field: string) => (brokerError?.field === field ? brokerError.message : undefined);
  return (
    <>
      <div className="ws-client__field-row">
        <FormGroup label={<FormattedMessage id="ws-client.connection.mqtt-version" />} labelFor="ws-connection-mqtt-version">
          <HTMLSelect id="ws-connection-mqtt-version" fill value={values.mqttVersion} onChange={(event) => onChange({ mqttVersion: Number(event.target.value) as WsMqttVersion })}>
            {MQTT_VERSIONS.map((version) => (
              <option key={version} value={version}>
                {mqttVersionName(version)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={<FormattedMessage id="ws-client.connection.clean-start" />} labelFor="ws-connection-clean-start">
          <Switch id="ws-connection-clean-start" label={intl.formatMessage({ id: 'ws-client.connection.clean-start-hint' })} checked={values.cleanStart} onChange={(event) => onChange({ cleanStart: event.currentTarget.checked })} />
        </FormGroup>
      </div>
      <div className="ws-client__field-row">
        <UnitField error={errors.keepAlive} brokerMessage={brokerMessage('keepAlive')}>
          <DurationInput
            label={intl.formatMessage({ id: 'ws-client.connection.keep-alive' })}
            units={['SECONDS', 'MINUTES', 'HOURS']}
            value={values.keepAlive}
            unit={values.keepAliveUnit}
            onChange={(keepAlive, keepAliveUnit) => onChange({ keepAlive, keepAliveUnit })}
          />
        </UnitField>
        <UnitField error={errors.connectTimeout} brokerMessage={brokerMessage('connectTimeout')}>
          <DurationInput
            label={intl.formatMessage({ id: 'ws-client.connection.connect-timeout' })}
            value={values.connectTimeout}
            unit={values.connectTimeoutUnit}
            onChange={(connectTimeout, connectTimeoutUnit) => onChange({ connectTimeout, connectTimeoutUnit })}
          />
        </UnitField>
        <UnitField error={errors.reconnectPeriod} brokerMessage={brokerMessage('reconnectPeriod')}>
          <DurationInput
            label={intl.formatMessage({ id: 'ws-client.connection.reconnect-period' })}
            value={values.reconnectPeriod}
            unit={values.reconnectPeriodUnit}
            onChange={(reconnectPeriod, reconnectPeriodUnit) => onChange({ reconnectPeriod, reconnectPeriodUnit })}
          />
        </UnitField>
      </div>
      <h6 className="ws-client__subheading">
        <FormattedMessage id="ws-client.connection.connect-properties" />
      </h6>
      <Mqtt5OnlyNote mqttVersion={values.mqttVersion} />
      <fieldset disabled={values.mqttVersion < 5} className="ws-client__fieldset">
        <div className="ws-client__field-row">
          <UnitField error={errors.sessionExpiryInterval} brokerMessage={brokerMessage('sessionExpiryInterval')}>
            <DurationInput
              label={intl.formatMessage({ id: 'ws-client.connection.session-expiry' })}
              units={['SECONDS', 'MINUTES', 'HOURS']}
              value={values.sessionExpiryInterval}
              unit={values.sessionExpiryIntervalUnit}
              onChange={(sessionExpiryInterval, sessionExpiryIntervalUnit) => onChange({ sessionExpiryInterval, sessionExpiryIntervalUnit })}
            />
          </UnitField>
          <UnitField error={errors.maxPacketSize} brokerMessage={brokerMessage('maxPacketSize')}>
            <DataSizeInput
              label={intl.formatMessage({ id: 'ws-client.connection.max-packet-size' })}
              value={values.maxPacketSize}
              unit={values.maxPacketSizeUnit}
              onChange={(maxPacketSize, maxPacketSizeUnit) => onChange({ maxPacketSize, maxPacketSizeUnit })}
            />
          </UnitField>
        </div>
        <div className="ws-client__field-row">
          <TextField {...fieldProps('topicAliasMax')} label={<FormattedMessage id="ws-client.connection.topic-alias-max" />} type="number" />
          <TextField {...fieldProps('receiveMax')} label={<FormattedMessage id="ws-client.connection.receive-max" />} type="number" />
        </div>
        <Checkbox
          label={intl.formatMessage({ id: 'ws-client.connection.request-response-info' })}
          checked={values.requestResponseInfo}
          onChange={(event) => onChange({ requestResponseInfo: event.currentTarget.checked })}
        />
        <Checkbox
          label={intl.formatMessage({ id: 'ws-client.connection.request-problem-info' })}
          checked={values.requestProblemInfo}
          onChange={(event) => onChange({ requestProblemInfo: event.currentTarget.checked })}
        />
        <FormGroup
          label={<FormattedMessage id="ws-client.user-properties" />}
          helperText={errors.userProperties && <FormattedMessage {...errors.userProperties} />}
          intent={errors.userProperties ? 'danger' : 'none'}
        >
          <UserPropertiesEditor value={values.userProperties} onChange={(userProperties) => onChange({ userProperties })} />
        </FormGroup>
      </fieldset>
    </>
  );
}
