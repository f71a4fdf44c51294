import { Dialog, DialogBody, FormGroup } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { useChangeMqttClientPassword } from '../../../api/generated/endpoints/mqtt-client-credentials/mqtt-client-credentials';
import type { ShortMqttClientCredentials } from '../../../api/generated/model/shortMqttClientCredentials';
import { ApiErrorCallout } from '../../../components/form/api-error-callout';
import { FormDialogFooter } from '../../../components/form/form-dialog-footer';
import { PasswordInput } from '../../../components/password-input/password-input';
import { showToast } from '../../../components/toast/toast-store';
import { useRefreshCredentialsQueries } from './use-credentials-queries';

interface ChangeCredentialsPasswordDialogProps {
  /** The MQTT_BASIC credentials whose password changes; the dialog is closed while null. */
  credentials: ShortMqttClientCredentials | null;
  onClose: () => void;
}

/**
 * Change the password of MQTT_BASIC credentials (current + new, as spec section 5 asks of every password
 * change: the new one typed twice). Clients connected with the old password are disconnected by the broker.
 */
export function ChangeCredentialsPasswordDialog({ credentials, onClose }: ChangeCredentialsPasswordDialogProps) {
  return (
    <Dialog isOpen={credentials !== null} onClose={onClose} title={<FormattedMessage id="mqtt-client-credentials.change-password-title" values={{ name: credentials?.name }} />}>
      {credentials && <ChangePasswordForm key={credentials.id} credentials={credentials} onClose={onClose} />}
    </Dialog>
  );
}

function ChangePasswordForm({ credentials, onClose }: { credentials: ShortMqttClientCredentials; onClose: () => void }) {
  const intl = useIntl();
  const refresh = useRefreshCredentialsQueries();
  // Credentials without a password accept any: there is no current one to give (and the broker wants none).
  const hasPassword = credentials.additionalInfo?.mqttBasicPasswordIsSet === true;
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [newPasswordAgain, setNewPasswordAgain] = useState('');
  const change = useChangeMqttClientPassword<ApiError>({
    mutation: {
      onSuccess: () => {
        showToast({ message: intl.formatMessage({ id: 'mqtt-client-credentials.password-changed' }), type: 'success' });
        refresh();
        onClose();
      },
    },
    request: { ignoreErrors: true },
  });
  const incomplete = (hasPassword && currentPassword === '') || newPassword === '' || newPasswordAgain === '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (newPassword !== newPasswordAgain) {
      showToast({ message: intl.formatMessage({ id: 'login.passwords-mismatch-error' }), type: 'error' });
      return;
    }
    change.mutate({ id: credentials.id, data: { currentPassword: hasPassword ? currentPassword : null, newPassword } });
  }

  return (
    <form onSubmit={submit} noValidate>
      <DialogBody>
        <ApiErrorCallout error={change.error} />
        {hasPassword && (
          <FormGroup label={<FormattedMessage id="profile.current-password" />} labelFor="credentials-current-password">
            <PasswordInput id="credentials-current-password" autoComplete="off" autoFocus value={currentPassword} onValueChange={setCurrentPassword} />
          </FormGroup>
        )}
        <FormGroup label={<FormattedMessage id="login.new-password" />} labelFor="credentials-new-password">
          <PasswordInput id="credentials-new-password" autoComplete="new-password" autoFocus={!hasPassword} value={newPassword} onValueChange={setNewPassword} />
        </FormGroup>
        <FormGroup label={<FormattedMessage id="login.new-password-again" />} labelFor="credentials-new-password-again">
          <PasswordInput id="credentials-new-password-again" autoComplete="new-password" value={newPasswordAgain} onValueChange={setNewPasswordAgain} />
        </FormGroup>
      </DialogBody>
      <FormDialogFooter
        submitLabel={<FormattedMessage id="profile.change-password" />}
        pending={change.isPending}
        onCancel={onClose}
        submitDisabled={incomplete}
        submitTestId="credentials-change-password-submit"
      />
    </form>
  );
}
