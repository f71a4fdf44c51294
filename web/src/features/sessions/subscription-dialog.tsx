import { Button, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ClientSubscription } from '../../api/generated/model/clientSubscription';
import { bindTextField } from '../../components/form/bind-text-field';
import { TextField } from '../../components/form/text-field';
import {
  EMPTY_SUBSCRIPTION_FORM,
  type SubscriptionFormValues,
  subscriptionFormValuesOf,
  subscriptionOf,
  validateSubscriptionForm,
} from './subscription-form-values';

interface SubscriptionDialogProps {
  isOpen: boolean;
  /** The subscription to edit; null to add one. */
  subscription: ClientSubscription | null;
  /** Topic filters of the list's other subscriptions. */
  otherTopicFilters: readonly string[];
  onDone: (subscription: ClientSubscription) => void;
  onClose: () => void;
}

/** Adds or edits one subscription of the session's list; the list is saved as a whole afterwards. */
export function SubscriptionDialog({ isOpen, subscription, onClose, ...formProps }: SubscriptionDialogProps) {
  const title = <FormattedMessage id={subscription ? 'subscription.edit' : 'subscription.add'} />;
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title}>
      {isOpen && <SubscriptionForm key={subscription?.topicFilter ?? 'new'} subscription={subscription} onCancel={onClose} {...formProps} />}
    </Dialog>
  );
}

type SubscriptionFormProps = Omit<SubscriptionDialogProps, 'isOpen' | 'onClose'> & { onCancel: () => void };

function SubscriptionForm({ subscription, otherTopicFilters, onDone, onCancel }: SubscriptionFormProps) {
  const intl = useIntl();
  const [values, setValues] = useState<SubscriptionFormValues>(() => (subscription ? subscriptionFormValuesOf(subscription) : EMPTY_SUBSCRIPTION_FORM));
  const [submitted, setSubmitted] = useState(false);
  const errors = validateSubscriptionForm(values, otherTopicFilters);
  const shownErrors = submitted ? errors : {};
  const change = (changes: Partial<SubscriptionFormValues>) => setValues((current) => ({ ...current, ...changes }));
  const fieldProps = bindTextField('subscription', values, change, { errors: shownErrors });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length === 0) onDone(subscriptionOf(values));
  }

  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: subscription ? 'subscription.edit' : 'subscription.add' })}>
      <DialogBody>
        <TextField {...fieldProps('topicFilter')} label={<FormattedMessage id="subscription.topic-filter" />} required autoFocus />
        <FormGroup label={<FormattedMessage id="subscription.qos" />} labelFor="subscription-qos">
          <HTMLSelect id="subscription-qos" fill value={values.qos} onChange={(event) => change({ qos: Number(event.target.value) as SubscriptionFormValues['qos'] })}>
            {([0, 1, 2] as const).map((qos) => (
              <option key={qos} value={qos}>
                {intl.formatMessage({ id: `subscription.qos-${qos}` })}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={<FormattedMessage id="subscription.retain-handling" />} labelFor="subscription-retain-handling">
          <HTMLSelect
            id="subscription-retain-handling"
            fill
            value={values.retainHandling}
            onChange={(event) => change({ retainHandling: Number(event.target.value) as SubscriptionFormValues['retainHandling'] })}
          >
            {([0, 1, 2] as const).map((handling) => (
              <option key={handling} value={handling}>
                {intl.formatMessage({ id: `subscription.retain-handling-${handling}` })}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup helperText={shownErrors.noLocal && <FormattedMessage {...shownErrors.noLocal} />} intent={shownErrors.noLocal ? 'danger' : 'none'}>
          <Checkbox
            label={intl.formatMessage({ id: 'subscription.no-local' })}
            checked={values.noLocal}
            aria-invalid={Boolean(shownErrors.noLocal)}
            onChange={(event) => change({ noLocal: event.currentTarget.checked })}
          />
          <Checkbox
            label={intl.formatMessage({ id: 'subscription.retain-as-published' })}
            checked={values.retainAsPublish}
            onChange={(event) => change({ retainAsPublish: event.currentTarget.checked })}
          />
        </FormGroup>
        <TextField {...fieldProps('subscriptionId')} label={<FormattedMessage id="subscription.subscription-id" />} type="number" />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button variant="minimal" onClick={onCancel}>
              <FormattedMessage id="action.cancel" />
            </Button>
            <Button type="submit" intent="primary" data-testid="subscription-dialog-done">
              <FormattedMessage id={subscription ? 'action.apply' : 'action.add'} />
            </Button>
          </>
        }
      />
    </form>
  );
}
