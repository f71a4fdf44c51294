import { Callout, Dialog, DialogBody, FormGroup, InputGroup, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { getGetBrokerConfigQueryKey, useGetBrokerConfig } from '../../../api/generated/endpoints/app/app';
import { getGetMqttClientCredentialsQueryKey, useGetMqttClientCredentials } from '../../../api/generated/endpoints/mqtt-client-credentials/mqtt-client-credentials';
import type { BrokerConfig } from '../../../api/generated/model/brokerConfig';
import type { MqttClientCredentials } from '../../../api/generated/model/mqttClientCredentials';
import type { ShortMqttClientCredentials } from '../../../api/generated/model/shortMqttClientCredentials';
import { CloseDialogFooter } from '../shared/close-dialog-footer';
import { CommandBlock } from './command-block';
import { connectivityOf, type ScramTarget } from './connectivity-target';
import { DEFAULT_PUBLISH_TOPIC, DEFAULT_SUBSCRIBE_TOPIC, mosquittoCommands, topicAllowedBy } from './mosquitto-commands';
import './check-connectivity-dialog.css';

export interface ConnectivityRequest {
  /** A list item: the dialog reads the whole credentials, value and all. */
  credentials: ShortMqttClientCredentials;
  /** The password just typed when the credentials were added; otherwise the commands hold a placeholder. */
  password?: string;
}

/** Issue 6, "check connectivity": mosquitto commands for these credentials, this broker's host and ports. */
export function CheckConnectivityDialog({ request, onClose }: { request: ConnectivityRequest | null; onClose: () => void }) {
  // The listener ports do not change while the broker runs: the config read after sign-in serves.
  const config = useGetBrokerConfig({ query: { queryKey: getGetBrokerConfigQueryKey(), staleTime: Infinity, enabled: request !== null } });
  const id = request?.credentials.id ?? '';
  // Read afresh at every opening: the rules and the password may have changed since.
  const stored = useGetMqttClientCredentials(id, { query: { queryKey: getGetMqttClientCredentialsQueryKey(id), enabled: request !== null, gcTime: 0 } });
  const credentials = stored.data?.id === id ? stored.data : undefined;
  return (
    <Dialog
      isOpen={request !== null}
      onClose={onClose}
      title={<FormattedMessage id="mqtt-client-credentials.check-connectivity-title" values={{ name: request?.credentials.name }} />}
      className="connectivity__dialog"
    >
      <DialogBody>
        {(!config.data || !credentials) && <Spinner size={24} />}
        {request && config.data && credentials && <ConnectivityCommands key={id} credentials={credentials} password={request.password} config={config.data} />}
      </DialogBody>
      <CloseDialogFooter onClose={onClose} />
    </Dialog>
  );
}

type NoteId =
  | 'mqtt-client-credentials.check-connectivity-password-note'
  | 'mqtt-client-credentials.check-connectivity-client-id-note'
  | 'mqtt-client-credentials.check-connectivity-certificate-note'
  | 'mqtt-client-credentials.check-connectivity-no-allowed-topic';

/** MQTT 5.0 section 4.12: SCRAM is enhanced authentication (AUTH packets), which the Mosquitto clients do not do. */
function ScramConnectivity({ target }: { target: ScramTarget }) {
  return (
    <>
      <Callout intent="warning" data-testid="scram-connectivity-note">
        <FormattedMessage id="mqtt-client-credentials.check-connectivity-scram" />
      </Callout>
      <p className="connectivity__note" data-testid="scram-connectivity-settings">
        <FormattedMessage
          id="mqtt-client-credentials.check-connectivity-scram-settings"
          values={{ host: target.host, port: target.port, method: target.authenticationMethod, userName: target.userName }}
        />
      </p>
    </>
  );
}

function ConnectivityCommands({ credentials, password, config }: { credentials: MqttClientCredentials; password: string | undefined; config: BrokerConfig }) {
  const { target, rules } = connectivityOf(credentials, config, window.location.hostname, password);
  const allowedPublish = topicAllowedBy(rules.pub, DEFAULT_PUBLISH_TOPIC);
  const allowedSubscribe = topicAllowedBy(rules.sub, DEFAULT_SUBSCRIBE_TOPIC);
  const [publishTopic, setPublishTopic] = useState(allowedPublish ?? DEFAULT_PUBLISH_TOPIC);
  const [subscribeTopic, setSubscribeTopic] = useState(allowedSubscribe ?? DEFAULT_SUBSCRIBE_TOPIC);
  if (target?.kind === 'SCRAM') return <ScramConnectivity target={target} />;
  if (target === undefined) {
    return (
      <Callout intent="warning">
        <FormattedMessage id="mqtt-client-credentials.check-connectivity-no-tls" />
      </Callout>
    );
  }
  const commands = mosquittoCommands(target, { publish: publishTopic.trim(), subscribe: subscribeTopic.trim() });
  const notes: NoteId[] = [];
  if (target.kind === 'MQTT_BASIC' && target.passwordSet && target.password === undefined) notes.push('mqtt-client-credentials.check-connectivity-password-note');
  if (target.kind === 'MQTT_BASIC' && target.clientId) notes.push('mqtt-client-credentials.check-connectivity-client-id-note');
  if (target.kind === 'X_509') notes.push('mqtt-client-credentials.check-connectivity-certificate-note');
  if (allowedPublish === undefined || allowedSubscribe === undefined) notes.push('mqtt-client-credentials.check-connectivity-no-allowed-topic');
  return (
    <>
      <p>
        <FormattedMessage id="mqtt-client-credentials.check-connectivity-text" values={{ host: target.host, port: target.port }} />
      </p>
      <div className="connectivity__topics">
        <FormGroup label={<FormattedMessage id="mqtt-client-credentials.check-connectivity-subscribe-topic" />} labelFor="connectivity-subscribe-topic">
          <InputGroup id="connectivity-subscribe-topic" value={subscribeTopic} onValueChange={setSubscribeTopic} />
        </FormGroup>
        <FormGroup label={<FormattedMessage id="mqtt-client-credentials.check-connectivity-publish-topic" />} labelFor="connectivity-publish-topic">
          <InputGroup id="connectivity-publish-topic" value={publishTopic} onValueChange={setPublishTopic} />
        </FormGroup>
      </div>
      <CommandBlock label={<FormattedMessage id="mqtt-client-credentials.check-connectivity-subscribe" />} command={commands.subscribe} testId="subscribe-command" />
      <CommandBlock label={<FormattedMessage id="mqtt-client-credentials.check-connectivity-publish" />} command={commands.publish} testId="publish-command" />
      {notes.map((note) => (
        <Callout key={note} intent="primary" compact className="connectivity__note">
          <FormattedMessage id={note} />
        </Callout>
      ))}
    </>
  );
}
