import { Callout, Classes, Dialog, DialogBody, FormGroup, NumericInput } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { apiFieldError } from '../../../api/api-error-field';
import { getGetApplicationSharedSubscriptionsQueryKey, getGetKafkaClusterInfoV2QueryKey, useSaveApplicationSharedSubscription } from '../../../api/generated/endpoints/kafka/kafka';
import type { ApplicationSharedSubscription } from '../../../api/generated/model/applicationSharedSubscription';
import { ApiErrorCallout } from '../../../components/form/api-error-callout';
import { bindTextField } from '../../../components/form/bind-text-field';
import { FormDialogFooter } from '../../../components/form/form-dialog-footer';
import { TextField } from '../../../components/form/text-field';
import { showToast } from '../../../components/toast/toast-store';
import { toastMessageWith } from '../../../components/toast/toast-message';
import {
  APPLICATION_SUBSCRIPTION_FIELDS,
  applicationSubscriptionFormValuesOf,
  applicationSubscriptionInputOf,
  EMPTY_APPLICATION_SUBSCRIPTION_FORM,
  MAX_PARTITIONS,
  MIN_PARTITIONS,
  validateApplicationSubscriptionForm,
} from './application-subscription-form';
import { isKafkaNotConfigured, isKafkaUnreachable } from './kafka-availability';
import { KafkaNotConfiguredCallout } from './kafka-not-configured-callout';
import { entityHelpIds } from '../../../components/help/help-ids';
import { TitleWithHelp } from '../../../components/help/title-with-help';

interface ApplicationSubscriptionDialogProps {
  isOpen: boolean;
  /** The subscription to rename; null to add one. */
  subscription: ApplicationSharedSubscription | null;
  /** Known before the dialog opens (GET /api/app/cluster-info/v2): adding cannot work. */
  kafkaNotConfigured: boolean;
  onClose: () => void;
}

/** Adds an application shared subscription, which creates its Kafka topic, or renames one. */
export function ApplicationSubscriptionDialog({ isOpen, subscription, kafkaNotConfigured, onClose }: ApplicationSubscriptionDialogProps) {
  const title = (
    <TitleWithHelp helpId={entityHelpIds.SHARED_SUBSCRIPTION}>
      <FormattedMessage id={subscription ? 'app-shared-subscription.rename' : 'app-shared-subscription.add'} />
    </TitleWithHelp>
  );
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title}>
      {/* Mounted per opening, so the form starts from the subscription's values. */}
      {isOpen && <ApplicationSubscriptionForm key={subscription?.id ?? 'new'} subscription={subscription} kafkaNotConfigured={kafkaNotConfigured} onDone={onClose} />}
    </Dialog>
  );
}

interface FormProps {
  subscription: ApplicationSharedSubscription | null;
  kafkaNotConfigured: boolean;
  onDone: () => void;
}

function ApplicationSubscriptionForm({ subscription, kafkaNotConfigured, onDone }: FormProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const adding = subscription === null;
  const [values, setValues] = useState(() => (subscription ? applicationSubscriptionFormValuesOf(subscription) : EMPTY_APPLICATION_SUBSCRIPTION_FORM));
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveApplicationSharedSubscription<ApiError>({
    mutation: {
      onSuccess: (saved) => {
        const message = adding ? 'app-shared-subscription.added' : 'app-shared-subscription.renamed';
        showToast({ message: toastMessageWith((values) => intl.formatMessage({ id: message }, values), { name: saved.name, known: saved.kafkaTopic === undefined ? 'no' : 'yes', kafkaTopic: saved.kafkaTopic }), type: 'success' });
        void queryClient.invalidateQueries({ queryKey: getGetApplicationSharedSubscriptionsQueryKey() });
        onDone();
      },
      // The page learns it too, and says so next to the Add button.
      onError: (error) => isKafkaNotConfigured(error) && void queryClient.invalidateQueries({ queryKey: getGetKafkaClusterInfoV2QueryKey() }),
    },
    request: { ignoreErrors: true },
  });
  const errors = validateApplicationSubscriptionForm(values);
  const brokerFieldError = apiFieldError(save.error, APPLICATION_SUBSCRIPTION_FIELDS);
  const field = bindTextField('app-shared-subscription', values, (changes) => setValues((current) => ({ ...current, ...changes })), {
    errors: submitted ? errors : {},
    brokerError: brokerFieldError,
  });
  const notConfigured = adding && (kafkaNotConfigured || isKafkaNotConfigured(save.error));
  // The text fields get their errors through bindTextField; the number field the same way, by hand.
  const partitionsError: ReactNode = submitted && errors.partitions ? <FormattedMessage {...errors.partitions} /> : brokerFieldError?.field === 'partitions' ? brokerFieldError.message : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    save.mutate({ data: applicationSubscriptionInputOf(values, subscription) });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: adding ? 'app-shared-subscription.add' : 'app-shared-subscription.rename' })}>
      <DialogBody>
        {notConfigured ? <KafkaNotConfiguredCallout /> : <SaveErrorCallout error={brokerFieldError ? null : save.error} />}
        <TextField {...field('name')} label={<FormattedMessage id="app-shared-subscription.name" />} required autoFocus />
        {adding ? (
          <>
            <TextField
              {...field('topicFilter')}
              label={<FormattedMessage id="app-shared-subscription.topic-filter" />}
              required
              placeholder={intl.formatMessage({ id: 'app-shared-subscription.topic-filter-placeholder' })}
            />
            <FormGroup
              label={<FormattedMessage id="app-shared-subscription.partitions" />}
              labelFor="app-shared-subscription-partitions"
              labelInfo="*"
              intent={partitionsError ? 'danger' : 'none'}
              helperText={partitionsError ?? <FormattedMessage id="app-shared-subscription.partitions-hint" />}
            >
              <NumericInput
                id="app-shared-subscription-partitions"
                min={MIN_PARTITIONS}
                max={MAX_PARTITIONS}
                minorStepSize={null}
                clampValueOnBlur={false}
                allowNumericCharactersOnly
                value={values.partitions}
                intent={partitionsError ? 'danger' : 'none'}
                aria-invalid={Boolean(partitionsError)}
                onValueChange={(_, text) => setValues((current) => ({ ...current, partitions: text }))}
              />
            </FormGroup>
          </>
        ) : (
          <p className={Classes.TEXT_MUTED}>
            <FormattedMessage id="app-shared-subscription.rename-note" values={{ topicFilter: <code>{subscription.topicFilter}</code>, known: subscription.kafkaTopic === undefined ? 'no' : 'yes', kafkaTopic: <code>{subscription.kafkaTopic}</code> }} />
          </p>
        )}
      </DialogBody>
      <FormDialogFooter
        submitLabel={<FormattedMessage id={adding ? 'action.add' : 'action.save'} />}
        pending={save.isPending}
        onCancel={onDone}
        submitDisabled={notConfigured}
        submitTestId="app-shared-subscription-save"
      />
    </form>
  );
}

/** A refusal not about one field: Kafka out of reach gets a title of its own, anything else the broker's words. */
function SaveErrorCallout({ error }: { error: ApiError | null }) {
  const intl = useIntl();
  if (!isKafkaUnreachable(error)) return <ApiErrorCallout error={error} />;
  return (
    <Callout intent="danger" role="alert" compact title={intl.formatMessage({ id: 'app-shared-subscription.kafka-unreachable-title' })}>
      {error?.message}
    </Callout>
  );
}
