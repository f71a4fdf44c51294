import { Dialog, DialogBody, Spinner } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../../api/api-error';
import { apiFieldError } from '../../../../api/api-error-field';
import { getGetWsConnectionQueryKey, getGetWsConnectionsQueryKey, saveWsConnection } from '../../../../api/generated/endpoints/ws-client/ws-client';
import type { BrokerConfig } from '../../../../api/generated/model/brokerConfig';
import type { WsConnection } from '../../../../api/generated/model/wsConnection';
import { useCurrentUser } from '../../../../api/auth/use-current-user';
import { useExtension } from '../../../../components/broker-support/broker-extensions';
import { ApiErrorCallout } from '../../../../components/form/api-error-callout';
import { FormDialogFooter } from '../../../../components/form/form-dialog-footer';
import { HelpButton } from '../../../../components/help/help-button';
import { pageHelpIds } from '../../../../components/help/help-ids';
import { showToast } from '../../../../components/toast/toast-store';
import { CollapsibleSection } from '../../collapsible-section';
import { ConnectionAdvancedFields } from './connection-advanced-fields';
import { ConnectionBasicFields } from './connection-basic-fields';
import { ConnectionCredentialsFields } from './connection-credentials-fields';
import { CONNECTION_API_FIELDS, type ConnectionFormValues, connectionSaveOf, hasConnectionErrors, validateConnectionForm } from '../form/connection-form-values';
import { listenerPortOf, wssPortOf } from '../form/connection-url';
import { LastWillFields } from './last-will-fields';
import { saveWithCredentialsMadeHere } from './made-credentials';
import { useConnectionFormStart } from './use-connection-form-start';

export interface ConnectionDialogProps {
  isOpen: boolean;
  /** The connection to edit (or to copy, with `duplicate`); none to add one. */
  connection?: WsConnection;
  /** Saves the connection's settings as a new connection, with a name and client id of its own. */
  duplicate?: boolean;
  /** Closed; with the connection when it was saved. */
  onClose: (saved?: WsConnection) => void;
}

/** Fields of the advanced section, so that it opens when one of them is wrong. */
const ADVANCED_FIELDS = ['keepAlive', 'connectTimeout', 'reconnectPeriod', 'sessionExpiryInterval', 'maxPacketSize', 'topicAliasMax', 'receiveMax', 'userProperties'];

/** Adds, edits or duplicates a saved web-socket connection (POST /api/ws/connection; issue 15). */
export function ConnectionDialog({ isOpen, connection, duplicate = false, onClose }: ConnectionDialogProps) {
  const editing = connection !== undefined && !duplicate;
  const titleId = editing ? 'ws-client.connection.edit' : 'ws-client.connection.add';
  const title = (
    <span className="ws-client__dialog-title">
      <FormattedMessage id={titleId} />
      <HelpButton helpId={pageHelpIds.wsClientConnection} size="small" />
    </span>
  );
  return (
    <Dialog isOpen={isOpen} onClose={() => onClose()} title={title} className="ws-client__connection-dialog">
      {isOpen && <ConnectionFormLoader key={`${connection?.id ?? 'new'}-${duplicate}`} connection={connection} duplicate={duplicate} onClose={onClose} />}
    </Dialog>
  );
}

function ConnectionFormLoader({ connection, duplicate, onClose }: Required<Pick<ConnectionDialogProps, 'duplicate' | 'onClose'>> & Pick<ConnectionDialogProps, 'connection'>) {
  const start = useConnectionFormStart(connection, duplicate);
  // A save names its owner (the production broker answers 400 without): the connection's, or the signed-in user.
  const currentUser = useCurrentUser();
  const ownerId = (duplicate ? undefined : connection?.userId) ?? currentUser?.id;
  if (start.values === undefined || ownerId === undefined) {
    return (
      <DialogBody>
        <Spinner size={30} />
      </DialogBody>
    );
  }
  return <ConnectionForm initialValues={start.values} config={start.config} existing={duplicate ? undefined : connection} ownerId={ownerId} onClose={onClose} />;
}

interface ConnectionFormProps {
  initialValues: ConnectionFormValues;
  config: BrokerConfig | undefined;
  /** The connection being edited. */
  existing: WsConnection | undefined;
  /** The user the connection is saved for. */
  ownerId: string;
  onClose: (saved?: WsConnection) => void;
}

function ConnectionForm({ initialValues, config, existing, ownerId, onClose }: ConnectionFormProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initialValues);
  const [submitted, setSubmitted] = useState(false);
  // Generated credentials: the broker makes them when it can (wsGeneratedCredentials), else the console does first.
  const brokerMakesCredentials = useExtension('wsGeneratedCredentials') !== 'missing';
  const save = useMutation<WsConnection, ApiError, ConnectionFormValues>({
    mutationFn: (given) => {
      // Field errors show under their field; the others above the form.
      const send = (saving: ConnectionFormValues) => saveWsConnection(connectionSaveOf(saving, ownerId, existing?.id), { ignoreErrors: true });
      return given.credentialsMode === 'AUTO' && !brokerMakesCredentials ? saveWithCredentialsMadeHere(given, send) : send(given);
    },
    onSuccess: (saved) => {
      showToast({ message: intl.formatMessage({ id: 'ws-client.connection.saved' }), type: 'success' });
      void queryClient.invalidateQueries({ queryKey: getGetWsConnectionsQueryKey() });
      queryClient.setQueryData(getGetWsConnectionQueryKey(saved.id), saved);
      onClose(saved);
    },
  });
  const errors = validateConnectionForm(values);
  const shownErrors = submitted ? errors : {};
  const brokerError = apiFieldError(save.error, CONNECTION_API_FIELDS);
  const change = (changes: Partial<ConnectionFormValues> | ((current: ConnectionFormValues) => Partial<ConnectionFormValues>)) =>
    setValues((current) => ({ ...current, ...(typeof changes === 'function' ? changes(current) : changes) }));
  const fieldsProps = { values, onChange: change, errors: shownErrors, brokerError };
  const advancedWrong = ADVANCED_FIELDS.some((field) => field in shownErrors || brokerError?.field === field);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (!hasConnectionErrors(errors)) save.mutate(values);
  }

  const generatedUsername = existing?.configuration.credentialsMode === 'AUTO' ? (existing.configuration.username ?? undefined) : undefined;
  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: existing ? 'ws-client.connection.edit' : 'ws-client.connection.add' })}>
      <DialogBody className="ws-client__connection-dialog-body">
        {brokerError === undefined && <ApiErrorCallout error={save.error} />}
        <CollapsibleSection title={intl.formatMessage({ id: 'ws-client.connection.section-basic' })} defaultOpen>
          <ConnectionBasicFields {...fieldsProps} wsPort={listenerPortOf(config, 'ws')} wssPort={wssPortOf(config)} />
        </CollapsibleSection>
        <CollapsibleSection title={intl.formatMessage({ id: 'ws-client.connection.section-credentials' })} defaultOpen>
          <ConnectionCredentialsFields {...fieldsProps} generatedUsername={generatedUsername} />
        </CollapsibleSection>
        <CollapsibleSection title={intl.formatMessage({ id: 'ws-client.connection.section-advanced' })} forceOpen={advancedWrong}>
          <ConnectionAdvancedFields {...fieldsProps} />
        </CollapsibleSection>
        <CollapsibleSection title={intl.formatMessage({ id: 'ws-client.connection.section-last-will' })} forceOpen={shownErrors.willMessage !== undefined}>
          <LastWillFields {...fieldsProps} />
        </CollapsibleSection>
      </DialogBody>
      <FormDialogFooter ownAccount
        submitLabel={<FormattedMessage id={existing ? 'action.save' : 'action.add'} />}
        pending={save.isPending}
        onCancel={() => onClose()}
        submitTestId="ws-connection-save"
      />
    </form>
  );
}
