import { Button, Checkbox, FormGroup } from '@blueprintjs/core';
import { FloppyDiskIcon, SendMessageIcon } from '@blueprintjs/icons';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { WsConnection } from '../../../api/generated/model/wsConnection';
import type { WsSavedMessageConfiguration } from '../../../api/generated/model/wsSavedMessageConfiguration';
import { useExtension } from '../../../components/broker-support/broker-extensions';
import { ExtensionPanel } from '../../../components/broker-support/extension-panel';
import { bindTextField } from '../../../components/form/bind-text-field';
import { TextField } from '../../../components/form/text-field';
import { showToast } from '../../../components/toast/toast-store';
import { toastMessageWith } from '../../../components/toast/toast-message';
import { CollapsibleSection } from '../collapsible-section';
import { QosSelect } from '../../../components/mqtt/qos-selects';
import { PayloadField } from './payload-field';
import { NEW_PUBLISH_FORM, type PublishFormValues, publishFormValuesOf, publishMessageOf, validatePublishForm } from './publish-form-values';
import { PublishPropertiesFields } from './publish-properties-fields';
import { SaveMessageDialog } from './save-message-dialog';
import { SavedMessagesList } from './saved-messages-list';

export interface PublishPanelProps {
  connection: WsConnection;
  connected: boolean;
  onPublish: (message: WsSavedMessageConfiguration) => Promise<void>;
}

/** The message to publish on the selected connection, and the connection's saved messages (issue 15). */
export function PublishPanel(props: PublishPanelProps) {
  // A fresh form per connection: its version decides which properties apply.
  return <PublishForm key={props.connection.id} {...props} />;
}

function PublishForm({ connection, connected, onPublish }: PublishPanelProps) {
  const intl = useIntl();
  const mqttVersion = connection.configuration.mqttVersion;
  const [values, setValues] = useState<PublishFormValues>(NEW_PUBLISH_FORM);
  const [publishing, setPublishing] = useState(false);
  const [saving, setSaving] = useState<WsSavedMessageConfiguration | null>(null);
  const errors = validatePublishForm(values, mqttVersion);
  const valid = Object.keys(errors).length === 0;
  const change = (changes: Partial<PublishFormValues>) => setValues((current) => ({ ...current, ...changes }));
  const fieldProps = bindTextField('publish', values, change, { errors });
  const propertyErrors = Object.keys(errors).some((field) => field !== 'topic' && field !== 'payload');
  // Saved messages are Starling's own (openapi.yaml x-starling-extension: wsSavedMessages).
  const savedMessages = useExtension('wsSavedMessages') === 'available';
  const blockedReason = !connected ? 'ws-client.publish.not-connected' : valid ? undefined : 'ws-client.publish.fix-fields';

  async function publish(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blockedReason) return;
    setPublishing(true);
    try {
      await onPublish(publishMessageOf(values, mqttVersion));
    } catch (error) {
      showToast({ message: toastMessageWith((values) => intl.formatMessage({ id: 'ws-client.publish.failed' }, values), { reason: error instanceof Error ? error.message : String(error) }), type: 'error' });
    } finally {
      setPublishing(false);
    }
  }

  return (
    // The dialogs stay outside the form: a submit inside them would bubble to it through the portal.
    <div className="ws-client__publish">
      <form onSubmit={publish} noValidate aria-label={intl.formatMessage({ id: 'ws-client.publish.title' })}>
        <TextField {...fieldProps('topic')} label={<FormattedMessage id="ws-client.publish.topic" />} required />
        <div className="ws-client__field-row">
          <QosSelect id="publish-qos" value={values.qos} onChange={(qos) => change({ qos })} />
          <FormGroup label={<FormattedMessage id="ws-client.publish.retain" />} labelFor="publish-retain">
            <Checkbox
              id="publish-retain"
              label={intl.formatMessage({ id: 'ws-client.publish.retain-hint' })}
              checked={values.retain}
              onChange={(event) => change({ retain: event.currentTarget.checked })}
            />
          </FormGroup>
        </div>
        <PayloadField
          id="publish-payload"
          value={values.payload}
          type={values.payloadType}
          onValueChange={(payload) => change({ payload })}
          onTypeChange={(payloadType) => change({ payloadType })}
        />
        <CollapsibleSection title={intl.formatMessage({ id: 'ws-client.publish.properties' })} forceOpen={propertyErrors}>
          <PublishPropertiesFields
            idPrefix="publish-properties"
            values={values.properties}
            onChange={(properties) => change({ properties })}
            errors={errors}
            mqttVersion={mqttVersion}
            withTopicAlias
          />
        </CollapsibleSection>
        <div className="ws-client__publish-actions">
          {savedMessages && (
            <Button
              icon={<FloppyDiskIcon />}
              variant="minimal"
              disabled={!valid}
              onClick={() => setSaving(publishMessageOf(values, mqttVersion))}
              data-testid="publish-save-as"
            >
              <FormattedMessage id="ws-client.saved-message.save-as" />
            </Button>
          )}
          {blockedReason && (
            <span className="ws-client__muted" data-testid="publish-blocked-reason">
              <FormattedMessage id={blockedReason} />
            </span>
          )}
          <Button type="submit" intent="primary" icon={<SendMessageIcon />} disabled={blockedReason !== undefined} loading={publishing} data-testid="publish-button">
            <FormattedMessage id="ws-client.publish.publish" />
          </Button>
        </div>
      </form>
      <CollapsibleSection title={intl.formatMessage({ id: 'ws-client.saved-message.saved-messages' })} defaultOpen>
        <ExtensionPanel extension="wsSavedMessages">
          <SavedMessagesList connectionId={connection.id} onLoad={(message) => setValues(publishFormValuesOf(message.configuration))} />
        </ExtensionPanel>
      </CollapsibleSection>
      {savedMessages && <SaveMessageDialog connectionId={connection.id} message={saving} onClose={() => setSaving(null)} />}
    </div>
  );
}
