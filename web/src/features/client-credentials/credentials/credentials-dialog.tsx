
import { Dialog, DialogBody } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { apiFieldError } from '../../../api/api-error-field';
import {
  getGetMqttClientCredentialsQueryKey,
  useGetMqttClientCredentials,
  useSaveMqttClientCredentials,
} from '../../../api/generated/endpoints/mqtt-client-credentials/mqtt-client-credentials';
import type { MqttClientCredentials } from '../../../api/generated/model/mqttClientCredentials';
import type { ShortMqttClientCredentials } from '../../../api/generated/model/shortMqttClientCredentials';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { DialogLoading } from '../../../components/dialogs/dialog-loading';
import { entityLabels } from '../../../components/entity/entity-labels';
import { ApiErrorCallout } from '../../../components/form/api-error-callout';
import { FormDialogFooter } from '../../../components/form/form-dialog-footer';
import { entityHelpIds } from '../../../components/help/help-ids';
import { TitleWithHelp } from '../../../components/help/title-with-help';
import { showToast } from '../../../components/toast/toast-store';
import { CredentialsFormFields } from './credentials-form-fields';
import { CREDENTIALS_FORM_FIELDS, type CredentialsFormValues, credentialsFormValuesOf, credentialsSaveOf, newCredentialsForm, validateCredentialsForm } from './credentials-form-values';
import { useAddingClosesAnonymousAccess, useRefreshCredentialsQueries } from './use-credentials-queries';
import { ReadOnlyFieldset } from '../../../components/roles/change-action';

interface CredentialsDialogProps {
  /** The credentials to edit (a list item); null to add new ones. */
  credentials: ShortMqttClientCredentials | null;
  isOpen: boolean;
  onClose: () => void;
  /** New credentials were saved; the password is the one just typed, if any. */
  onAdded: (credentials: MqttClientCredentials, password: string | undefined) => void;
}

/** Add or edit client credentials, with the fields of their credentials type (issue 6). */
export function CredentialsDialog({ credentials, isOpen, onClose, onAdded }: CredentialsDialogProps) {
  const label = credentials ? entityLabels.MQTT_CLIENT_CREDENTIALS.details : entityLabels.MQTT_CLIENT_CREDENTIALS.add;
  const title = (
    <TitleWithHelp helpId={entityHelpIds.MQTT_CLIENT_CREDENTIALS}>
      <FormattedMessage {...label} />
    </TitleWithHelp>
  );
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} className="client-access__wide-dialog">
      {/* Mounted per opening and per credentials, so the form starts from their values. */}
      {isOpen && credentials === null && <CredentialsForm key="new" credentials={null} initial={newCredentialsForm()} onClose={onClose} onAdded={onAdded} />}
      {isOpen && credentials !== null && <StoredCredentials key={credentials.id} id={credentials.id} onClose={onClose} onAdded={onAdded} />}
    </Dialog>
  );
}

/** Stored credentials are read whole (list items leave out the value), afresh at every opening. */
function StoredCredentials({ id, onClose, onAdded }: { id: string } & Pick<CredentialsDialogProps, 'onClose' | 'onAdded'>) {
  const stored = useGetMqttClientCredentials<MqttClientCredentials, ApiError>(id, { query: { queryKey: getGetMqttClientCredentialsQueryKey(id), gcTime: 0 }, request: { ignoreErrors: true } });
  if (stored.error || !stored.data) return <DialogLoading error={stored.error} />;
  return <CredentialsForm credentials={stored.data} initial={credentialsFormValuesOf(stored.data)} onClose={onClose} onAdded={onAdded} />;
}

interface CredentialsFormProps extends Pick<CredentialsDialogProps, 'onClose' | 'onAdded'> {
  credentials: MqttClientCredentials | null;
  initial: CredentialsFormValues;
}

function CredentialsForm({ credentials, initial, onClose, onAdded }: CredentialsFormProps) {
  const intl = useIntl();
  const refresh = useRefreshCredentialsQueries();
  const adding = credentials === null;
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [confirmingFirst, setConfirmingFirst] = useState(false);
  const closesAnonymousAccess = useAddingClosesAnonymousAccess(adding);
  const save = useSaveMqttClientCredentials<ApiError>({
    mutation: {
      onSuccess: (saved) => {
        showToast({ message: intl.formatMessage({ id: 'mqtt-client-credentials.credentials-saved' }), type: 'success' });
        refresh();
        onClose();
        if (adding) onAdded(saved, values.credentialsType === 'MQTT_BASIC' && values.password !== '' ? values.password : undefined);
      },
      onSettled: () => setConfirmingFirst(false),
    },
    // Field errors show under their field; the others above the form.
    request: { ignoreErrors: true },
  });
  const errors = validateCredentialsForm(values);
  const brokerFieldError = apiFieldError(save.error, CREDENTIALS_FORM_FIELDS);
  const saveNow = () => save.mutate({ data: credentialsSaveOf(values, credentials) });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    if (closesAnonymousAccess) setConfirmingFirst(true);
    else saveNow();
  }

  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage(adding ? entityLabels.MQTT_CLIENT_CREDENTIALS.add : entityLabels.MQTT_CLIENT_CREDENTIALS.details)}>
      <DialogBody>
        {brokerFieldError === undefined && <ApiErrorCallout error={save.error} />}
        <ReadOnlyFieldset>
          <CredentialsFormFields
            values={values}
            onChange={(changes) => setValues((current) => ({ ...current, ...changes }))}
            errors={submitted ? errors : {}}
            brokerError={brokerFieldError}
            adding={adding}
          />
        </ReadOnlyFieldset>
      </DialogBody>
      <FormDialogFooter
        submitLabel={<FormattedMessage id={adding ? 'action.add' : 'action.save'} />}
        pending={save.isPending}
        onCancel={onClose}
        submitTestId="credentials-dialog-save"
      />
      <ConfirmDialog
        isOpen={confirmingFirst}
        title={<FormattedMessage id="anonymous-access.first-credentials-title" />}
        message={<FormattedMessage id="anonymous-access.first-credentials-text" />}
        okLabel={<FormattedMessage id="anonymous-access.first-credentials-confirm" />}
        intent="warning"
        loading={save.isPending}
        onConfirm={saveNow}
        onCancel={() => setConfirmingFirst(false)}
      />
    </form>
  );
}
