import { Button, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SessionSubscription } from '../../../api/generated/model/sessionSubscription';
import { bindTextField } from '../../../components/form/bind-text-field';
import { TextField } from '../../../components/form/text-field';
import { QosSelect, RetainHandlingSelect } from '../../../components/mqtt/qos-selects';
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
  subscription: SessionSubscription | null;
  /** Topic filters of the list's other subscriptions. */
  otherTopicFilters: readonly string[];
  onDone: (subscription: SessionSubscription) => void;
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
        <QosSelect id="subscription-qos" value={values.qos} onChange={(qos) => change({ qos })} />
        <RetainHandlingSelect id="subscription-retain-handling" value={values.retainHandling} onChange={(retainHandling) => change({ retainHandling })} />
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
