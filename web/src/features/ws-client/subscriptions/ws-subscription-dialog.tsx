import { Checkbox, Dialog, DialogBody, FormGroup } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { apiFieldError } from '../../../api/api-error-field';
import { useSaveWsSubscription } from '../../../api/generated/endpoints/ws-client/ws-client';
import type { WsConnection } from '../../../api/generated/model/wsConnection';
import type { WsSubscription } from '../../../api/generated/model/wsSubscription';
import { ColourPicker } from '../../../components/colour-picker/colour-picker';
import { bindTextField } from '../../../components/form/bind-text-field';
import { ApiErrorCallout } from '../../../components/form/api-error-callout';
import { FormDialogFooter } from '../../../components/form/form-dialog-footer';
import { TextField } from '../../../components/form/text-field';
import { Mqtt5OnlyNote } from '../mqtt5-only-note';
import { QosSelect, RetainHandlingSelect } from '../../../components/mqtt/qos-selects';
import { EveryTopicWarning } from './every-topic-warning';
import {
  needsEveryTopicWarning,
  newSubscriptionForm,
  subscriptionConfigurationOf,
  subscriptionFormValuesOf,
  supportsSubscriptionOptions,
  validateSubscriptionForm,
  type WsSubscriptionFormValues,
} from './subscription-rules';

export interface WsSubscriptionDialogProps {
  isOpen: boolean;
  connection: WsConnection;
  /** The subscription to edit; null to add one. */
  subscription: WsSubscription | null;
  /** The connection's other subscriptions: their filters are taken, their colours worn. */
  others: readonly WsSubscription[];
  brokerMessageRate: number | null;
  onClose: () => void;
  /** Saved on the broker; `previous` is the subscription as it was before an edit. */
  onSaved: (saved: WsSubscription, previous: WsSubscription | null) => void;
}

/** Adds or edits one of a connection's saved subscriptions (POST /api/ws/subscription). */
export function WsSubscriptionDialog({ isOpen, subscription, onClose, ...formProps }: WsSubscriptionDialogProps) {
  const title = <FormattedMessage id={subscription ? 'subscription.edit' : 'subscription.add'} />;
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title}>
      {isOpen && <SubscriptionForm key={subscription?.id ?? 'new'} subscription={subscription} onClose={onClose} {...formProps} />}
    </Dialog>
  );
}

function SubscriptionForm({ connection, subscription, others, brokerMessageRate, onClose, onSaved }: Omit<WsSubscriptionDialogProps, 'isOpen'>) {
  const intl = useIntl();
  const mqttVersion = connection.configuration.mqttVersion;
  const [values, setValues] = useState<WsSubscriptionFormValues>(() =>
    subscription ? subscriptionFormValuesOf(subscription) : newSubscriptionForm(others.flatMap(({ configuration: { color } }) => (color ? [color] : []))),
  );
  const [submitted, setSubmitted] = useState(false);
  const [warning, setWarning] = useState<string | null>(null);
  const save = useSaveWsSubscription<ApiError>({
    mutation: { onSuccess: (saved) => onSaved(saved, subscription), onSettled: () => setWarning(null) },
    request: { ignoreErrors: true },
  });
  const errors = validateSubscriptionForm(
    values,
    mqttVersion,
    others.map((other) => other.configuration.topicFilter),
  );
  const shownErrors = submitted ? errors : {};
  const brokerError = apiFieldError(save.error, ['topicFilter', 'color', 'subscriptionId'] as const);
  const change = (changes: Partial<WsSubscriptionFormValues>) => setValues((current) => ({ ...current, ...changes }));
  const fieldProps = bindTextField('ws-subscription', values, change, { errors: shownErrors, brokerError });
  const mqtt5 = supportsSubscriptionOptions(mqttVersion);
  const saveNow = () =>
    save.mutate({ data: { ...(subscription ? { id: subscription.id } : {}), webSocketConnectionId: connection.id, configuration: subscriptionConfigurationOf(values, mqttVersion) } });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    if (needsEveryTopicWarning(values.topicFilter, brokerMessageRate)) setWarning(values.topicFilter.trim());
    else saveNow();
  }

  const colourError = brokerError?.field === 'color' ? brokerError.message : undefined;
  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: subscription ? 'subscription.edit' : 'subscription.add' })}>
      <DialogBody>
        {brokerError === undefined && <ApiErrorCallout error={save.error} />}
        <TextField {...fieldProps('topicFilter')} label={<FormattedMessage id="subscription.topic-filter" />} required autoFocus />
        <div className="ws-client__field-row">
          <QosSelect id="ws-subscription-qos" value={values.qos} onChange={(qos) => change({ qos })} />
          {/* The picker shows its own required and invalid errors; the broker's is added under it. */}
          <FormGroup helperText={colourError} intent={colourError ? 'danger' : 'none'}>
            <ColourPicker
              id="ws-subscription-color"
              label={intl.formatMessage({ id: 'ws-client.subscription.color' })}
              value={values.color}
              onChange={(color) => change({ color })}
              required
              requiredText={intl.formatMessage({ id: 'ws-client.subscription.color-required' })}
            />
          </FormGroup>
        </div>
        <Mqtt5OnlyNote mqttVersion={mqttVersion} />
        <fieldset disabled={!mqtt5} className="ws-client__fieldset">
          <FormGroup
            helperText={shownErrors.noLocal ? <FormattedMessage {...shownErrors.noLocal} /> : <FormattedMessage id="ws-client.subscription.no-local-hint" />}
            intent={shownErrors.noLocal ? 'danger' : 'none'}
          >
            <Checkbox label={intl.formatMessage({ id: 'subscription.no-local' })} checked={values.noLocal} onChange={(event) => change({ noLocal: event.currentTarget.checked })} />
          </FormGroup>
          <FormGroup helperText={<FormattedMessage id="ws-client.subscription.retain-as-published-hint" />}>
            <Checkbox
              label={intl.formatMessage({ id: 'subscription.retain-as-published' })}
              checked={values.retainAsPublish}
              onChange={(event) => change({ retainAsPublish: event.currentTarget.checked })}
            />
          </FormGroup>
          <RetainHandlingSelect id="ws-subscription-retain-handling" value={values.retainHandling} onChange={(retainHandling) => change({ retainHandling })} />
          <TextField {...fieldProps('subscriptionId')} label={<FormattedMessage id="subscription.subscription-id" />} type="number" />
        </fieldset>
      </DialogBody>
      <FormDialogFooter ownAccount
        submitLabel={<FormattedMessage id={subscription ? 'action.save' : 'action.add'} />}
        pending={save.isPending}
        onCancel={onClose}
        submitTestId="ws-subscription-save"
      />
      <EveryTopicWarning topicFilter={warning} brokerMessageRate={brokerMessageRate} loading={save.isPending} onConfirm={saveNow} onCancel={() => setWarning(null)} />
    </form>
  );
}
