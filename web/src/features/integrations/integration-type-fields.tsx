import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { KeyValueListEditor, type KeyValueListMessages } from '../../components/key-value-list/key-value-list-editor';
import { FlagInput, fieldError, type FormBinding, PemInput, SelectInput, TextInput } from './form-controls';
import { type CredentialsType, HTTP_METHODS, KAFKA_ACKS, KAFKA_COMPRESSIONS, MAX_MAP_ENTRIES, MQTT_VERSIONS, PAYLOAD_CONTENT_TYPES } from './integration-form';

export function mapMessages(list: 'metadata' | 'headers' | 'otherProperties'): KeyValueListMessages {
  return {
    list: { id: `integration.field.${list}` },
    empty: { id: 'integration.map.empty' },
    key: { id: 'integration.map.key' },
    value: { id: 'integration.map.value' },
    keyOf: { id: 'integration.map.key-of' },
    valueOf: { id: 'integration.map.value-of' },
    remove: { id: 'integration.map.remove' },
    add: { id: 'integration.map.add' },
    maxReached: { id: 'integration.map.max-reached' },
  };
}

export function MapInput({ form, name }: { form: FormBinding; name: 'metadata' | 'headers' | 'otherProperties' }) {
  const error = fieldError(form, name);
  return (
    <FormGroup label={<FormattedMessage id={`integration.field.${name}`} />} helperText={error} intent={error ? 'danger' : 'none'}>
      <KeyValueListEditor value={form.values[name]} onChange={(pairs) => form.change({ [name]: pairs })} messages={mapMessages(name)} maxItems={MAX_MAP_ENTRIES} />
    </FormGroup>
  );
}

function HttpFields({ form }: { form: FormBinding }) {
  return (
    <>
      <TextInput form={form} name="restEndpointUrl" required placeholder="https://example.com/ingest" />
      <div className="integration-dialog__row">
        <SelectInput form={form} name="requestMethod" options={HTTP_METHODS} />
        <SelectInput form={form} name="payloadContentType" options={PAYLOAD_CONTENT_TYPES} />
      </div>
      <MapInput form={form} name="headers" />
      <div className="integration-dialog__row">
        <TextInput form={form} name="readTimeoutMs" hint={<FormattedMessage id="integration.hint.zero-default" />} />
        <TextInput form={form} name="maxParallelRequestsCount" hint={<FormattedMessage id="integration.hint.zero-default" />} />
        <TextInput form={form} name="maxInMemoryBufferSizeInKb" />
      </div>
    </>
  );
}

function MqttFields({ form }: { form: FormBinding }) {
  return (
    <>
      <div className="integration-dialog__row">
        <TextInput form={form} name="host" required />
        <TextInput form={form} name="port" required />
      </div>
      <FlagInput form={form} name="ssl" />
      <TextInput form={form} name="clientId" required />
      <FlagInput form={form} name="useMsgTopicName" />
      {!form.values.useMsgTopicName && <TextInput form={form} name="topicName" required hint={<FormattedMessage id="integration.hint.topic-name" values={{ topic: '${topic}' }} />} />}
      <div className="integration-dialog__row">
        <SelectInput form={form} name="qos" options={['0', '1', '2']} />
        <SelectInput form={form} name="mqttVersion" options={MQTT_VERSIONS} />
      </div>
      <FlagInput form={form} name="retained" />
      <div className="integration-dialog__row">
        <TextInput form={form} name="connectTimeoutSec" />
        <TextInput form={form} name="reconnectPeriodSec" />
        <TextInput form={form} name="keepAliveSec" />
      </div>
    </>
  );
}

function KafkaFields({ form }: { form: FormBinding }) {
  return (
    <>
      <TextInput form={form} name="bootstrapServers" required hint={<FormattedMessage id="integration.hint.bootstrap-servers" />} />
      <TextInput form={form} name="topic" required />
      <TextInput form={form} name="key" hint={<FormattedMessage id="integration.hint.kafka-key" />} />
      <div className="integration-dialog__row">
        <SelectInput form={form} name="acks" options={KAFKA_ACKS} />
        <SelectInput form={form} name="compression" options={KAFKA_COMPRESSIONS} />
      </div>
      <div className="integration-dialog__row">
        <TextInput form={form} name="retries" />
        <TextInput form={form} name="batchSize" />
        <TextInput form={form} name="linger" />
        <TextInput form={form} name="bufferMemory" />
      </div>
      <MapInput form={form} name="otherProperties" />
    </>
  );
}

function CredentialsFields({ form, editing }: { form: FormBinding; editing: boolean }) {
  const keepHint = editing ? <FormattedMessage id="integration.hint.keep-secret" /> : undefined;
  return (
    <>
      <FormGroup label={<FormattedMessage id="integration.field.credentialsType" />} labelFor="integration-credentialsType" helperText={fieldError(form, 'credentialsType')} intent={fieldError(form, 'credentialsType') ? 'danger' : 'none'}>
        <HTMLSelect
          id="integration-credentialsType"
          fill
          value={form.values.credentialsType}
          onChange={(event) => form.change({ credentialsType: event.currentTarget.value as CredentialsType })}
          options={[
            { value: 'anonymous', label: 'anonymous' },
            { value: 'basic', label: 'basic' },
            { value: 'cert.PEM', label: 'cert.PEM' },
          ]}
        />
      </FormGroup>
      {form.values.credentialsType === 'basic' && (
        <div className="integration-dialog__row">
          <TextInput form={form} name="username" required />
          <TextInput form={form} name="password" type="password" required={!editing} hint={keepHint} />
        </div>
      )}
      {form.values.credentialsType === 'cert.PEM' && (
        <>
          <PemInput form={form} name="caCert" fileName="caCertFileName" />
          <PemInput form={form} name="cert" fileName="certFileName" required />
          <PemInput form={form} name="privateKey" fileName="privateKeyFileName" required={!editing} hint={keepHint} />
          <TextInput form={form} name="privateKeyPassword" type="password" hint={keepHint} />
        </>
      )}
    </>
  );
}

/** The target's settings of the integration's type, and its credentials (Kafka's go in its properties). */
export function IntegrationTypeFields({ form, editing }: { form: FormBinding; editing: boolean }) {
  return (
    <>
      {form.values.type === 'HTTP' && <HttpFields form={form} />}
      {form.values.type === 'MQTT' && <MqttFields form={form} />}
      {form.values.type === 'KAFKA' && <KafkaFields form={form} />}
      <FlagInput form={form} name="sendOnlyMsgPayload" />
      {form.values.type !== 'KAFKA' && <CredentialsFields form={form} editing={editing} />}
    </>
  );
}
