import { Button, DialogBody, DialogFooter, FormGroup } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../api/api-error';
import { startSession } from '../../api/auth/auth-session';
import { useChangePassword } from '../../api/generated/endpoints/auth/auth';
import type { TokenPair } from '../../api/generated/model/tokenPair';
import { apiErrorField } from '../../api/api-error-field';
import { reloadSessionUser } from '../../api/auth/session-data';
import { ApiErrorCallout } from '../form/api-error-callout';
import { PasswordInput } from '../password-input/password-input';
import { PasswordRulesList, policyRefusal } from '../password-policy/password-rules-list';
import { usePasswordPolicy } from '../password-policy/use-password-policy';
import { showToast } from '../toast/toast-store';

/** Spec sections 5 and 9: the default administrator password is the word sysadmin. */
export const DEFAULT_ADMIN_PASSWORD = 'sysadmin';

/** TBMQ 2.3 names no field when it refuses the current password; this is how it says so. */
const TBMQ_WRONG_CURRENT_PASSWORD = /^Current password doesn't match/;

/** Whether the broker refused the current password (the bundled broker names the field, TBMQ says it in words). */
function refusesCurrentPassword(error: ApiError): boolean {
  return apiErrorField(error) === 'currentPassword' || (error.status === 400 && TBMQ_WRONG_CURRENT_PASSWORD.test(error.message));
}

export interface ChangePasswordFormProps {
  /** Changing the default password: the current-password field is hidden and holds the default. */
  forDefaultPassword?: boolean;
  /** After the new password is set and its token pair stored. */
  onChanged: () => void;
  /** Shows a cancel button when given. */
  onCancel?: () => void;
}

/**
 * Spec section 5, change password: the two new entries must match, else an error toast and nothing
 * is sent; the broker's password policy, when it answers it, is listed under the new password and
 * checked before sending; submit is disabled while loading or while a field is empty. The answer's
 * token pair becomes the session, and the user reloads (its password history changed).
 * Renders dialog body and footer, so it fits a Dialog or a full-screen panel.
 */
export function ChangePasswordForm({ forDefaultPassword = false, onChanged, onCancel }: ChangePasswordFormProps) {
  const intl = useIntl();
  const [currentPassword, setCurrentPassword] = useState(forDefaultPassword ? DEFAULT_ADMIN_PASSWORD : '');
  const [newPassword, setNewPassword] = useState('');
  const [newPasswordAgain, setNewPasswordAgain] = useState('');
  // A user whose first password an administrator typed in has no default password to prefill: when
  // the broker refuses the default, the form asks for the current password after all.
  const [askCurrentPassword, setAskCurrentPassword] = useState(!forDefaultPassword);
  const changePassword = useChangePassword<ApiError>({
    mutation: {
      onSuccess: (pair: TokenPair) => {
        startSession(pair);
        reloadSessionUser();
        showToast({ message: intl.formatMessage({ id: 'profile.password-changed' }), type: 'success' });
        onChanged();
      },
      onError: (error) => {
        if (!askCurrentPassword && refusesCurrentPassword(error)) {
          setAskCurrentPassword(true);
          setCurrentPassword('');
          // Not the user's mistake: the field that appears says what is missing instead.
          changePassword.reset();
        }
      },
    },
    request: { ignoreErrors: true },
  });
  const incomplete = currentPassword === '' || newPassword === '' || newPasswordAgain === '';
  const { policy } = usePasswordPolicy();
  const [submitted, setSubmitted] = useState(false);
  const refusal = newPassword === '' ? undefined : policyRefusal(intl, newPassword, policy);
  const newPasswordError = submitted ? refusal : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (refusal !== undefined) return;
    if (newPassword !== newPasswordAgain) {
      showToast({ message: intl.formatMessage({ id: 'login.passwords-mismatch-error' }), type: 'error' });
      return;
    }
    changePassword.mutate({ data: { currentPassword, newPassword } });
  }

  const actions = (
    <>
      {onCancel && (
        <Button variant="minimal" onClick={onCancel} disabled={changePassword.isPending}>
          <FormattedMessage id="action.cancel" />
        </Button>
      )}
      <Button type="submit" intent="primary" disabled={incomplete} loading={changePassword.isPending} data-testid="change-password-submit">
        <FormattedMessage id="profile.change-password" />
      </Button>
    </>
  );

  return (
    <form onSubmit={submit} noValidate>
      <DialogBody>
        <ApiErrorCallout error={changePassword.error} />
        {askCurrentPassword && (
          <FormGroup
            label={<FormattedMessage id="profile.current-password" />}
            labelFor="current-password"
            helperText={forDefaultPassword ? <FormattedMessage id="profile.current-password-not-default" /> : undefined}
          >
            <PasswordInput id="current-password" autoComplete="current-password" autoFocus value={currentPassword} onValueChange={setCurrentPassword} />
          </FormGroup>
        )}
        <FormGroup
          label={<FormattedMessage id="login.new-password" />}
          labelFor="new-password"
          intent={newPasswordError ? 'danger' : 'none'}
          helperText={
            (newPasswordError || policy) && (
              <>
                {newPasswordError}
                {policy && <PasswordRulesList id="new-password-rules" policy={policy} password={newPassword} />}
              </>
            )
          }
        >
          <PasswordInput
            id="new-password"
            autoComplete="new-password"
            autoFocus={forDefaultPassword}
            value={newPassword}
            intent={newPasswordError ? 'danger' : 'none'}
            aria-invalid={Boolean(newPasswordError)}
            aria-describedby={policy ? 'new-password-rules' : undefined}
            onValueChange={setNewPassword}
          />
        </FormGroup>
        <FormGroup label={<FormattedMessage id="login.new-password-again" />} labelFor="new-password-again">
          <PasswordInput id="new-password-again" autoComplete="new-password" value={newPasswordAgain} onValueChange={setNewPasswordAgain} />
        </FormGroup>
      </DialogBody>
      <DialogFooter actions={actions} />
    </form>
  );
}
