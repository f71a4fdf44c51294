import { Button, Dialog, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../api/api-error';
import { apiFieldError } from '../../api/api-error-field';
import { getGetAdminUserQueryKey, getGetAdminUsersQueryKey, useGetAdminUser, useSaveAdminUser } from '../../api/generated/endpoints/admin/admin';
import type { User } from '../../api/generated/model/user';
import { reloadSessionUser } from '../../api/auth/session-data';
import { useCurrentUser } from '../../api/auth/use-current-user';
import { useExtension } from '../../components/broker-support/broker-extensions';
import { ApiErrorCallout } from '../../components/form/api-error-callout';
import { usePasswordPolicy } from '../../components/password-policy/use-password-policy';
import { showToast } from '../../components/toast/toast-store';
import { consoleMadePassword, type InitialPassword } from './initial-password';
import { UserFormFields } from './user-form-fields';
import { EMPTY_USER_FORM, USER_FORM_FIELDS, userFormValuesOf, userSaveOf, validateUserForm } from './user-form-values';
import { entityHelpIds } from '../../components/help/help-ids';
import { TitleWithHelp } from '../../components/help/title-with-help';
import { ChangeAction, ReadOnlyFieldset } from '../../components/roles/change-action';

interface UserDialogProps {
  /** The user to edit; null to add one. */
  user: User | null;
  isOpen: boolean;
  onClose: () => void;
  /** A user was added with a one-time password, to be shown to the administrator once. */
  onInitialPassword: (shown: InitialPassword) => void;
  /** The only administrator's id, when known: its role cannot change. */
  lastAdministratorId?: string;
}

/** Add or edit a user (spec section 2, users). */
export function UserDialog({ user, isOpen, onClose, onInitialPassword, lastAdministratorId }: UserDialogProps) {
  const title = (
    <TitleWithHelp helpId={entityHelpIds.USER}>
      <FormattedMessage id={user ? 'user.edit' : 'user.add'} />
    </TitleWithHelp>
  );
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title}>
      {/* Mounted per opening and per user, so the form starts from that user's values. */}
      {isOpen && user === null && <UserForm key="new" user={null} onSaved={onClose} onCancel={onClose} onInitialPassword={onInitialPassword} lastAdministratorId={lastAdministratorId} />}
      {isOpen && user !== null && <EditUserForm key={user.id} user={user} onSaved={onClose} onCancel={onClose} onInitialPassword={onInitialPassword} lastAdministratorId={lastAdministratorId} />}
    </Dialog>
  );
}

interface UserFormProps extends Pick<UserDialogProps, 'user' | 'onInitialPassword' | 'lastAdministratorId'> {
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * Spec section 7: the edit dialog loads the user (GET /api/admin/user/{id}) rather than trust the
 * list's row, which may be a page old; the row is used only if the broker cannot answer, and a save
 * of a user deleted meanwhile then shows the broker's refusal.
 */
function EditUserForm(props: UserFormProps & { user: User }) {
  const intl = useIntl();
  const loaded = useGetAdminUser(props.user.id, { query: { queryKey: getGetAdminUserQueryKey(props.user.id), staleTime: 0, gcTime: 0 }, request: { ignoreErrors: true } });
  if (loaded.isPending) {
    return (
      <DialogBody>
        <Spinner size={24} aria-label={intl.formatMessage({ id: 'common.loading' })} />
      </DialogBody>
    );
  }
  return <UserForm {...props} user={loaded.data ?? props.user} />;
}

function UserForm({ user, onSaved, onCancel, onInitialPassword, lastAdministratorId }: UserFormProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const currentUser = useCurrentUser();
  const [values, setValues] = useState(() => (user ? userFormValuesOf(user) : EMPTY_USER_FORM));
  const [submitted, setSubmitted] = useState(false);
  const canInviteByMail = useExtension('accountActivation') === 'available';
  const withRoles = useExtension('roles') === 'available';
  // Only a broker known to make one-time passwords may be sent none: any other would give the shared default.
  const brokerMakesPassword = useExtension('oneTimePassword') === 'available';
  // A password the console makes must wait for the policy, else the broker may refuse it.
  const { policy: passwordPolicy, settled: passwordPolicySettled } = usePasswordPolicy();
  const save = useSaveAdminUser<ApiError>({
    mutation: {
      onSuccess: (saved, { data }) => {
        const initialPassword = saved.initialPassword ?? data.password;
        if (!user && initialPassword) onInitialPassword({ email: saved.email, password: initialPassword });
        showToast({ message: intl.formatMessage({ id: 'user.user-saved' }), type: 'success' });
        void queryClient.invalidateQueries({ queryKey: getGetAdminUsersQueryKey() });
        // Editing oneself changes the name the user menu shows.
        if (saved.id === currentUser?.id) reloadSessionUser();
        onSaved();
      },
    },
    request: { ignoreErrors: true },
  });
  const errors = validateUserForm(values);
  const brokerFieldError = apiFieldError(save.error, USER_FORM_FIELDS);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    const inviteByMail = !user && canInviteByMail && values.sendActivationMail;
    const password = user || inviteByMail ? undefined : consoleMadePassword(brokerMakesPassword, passwordPolicy);
    const data = userSaveOf(values, user, withRoles);
    save.mutate({ data: password === undefined ? data : { ...data, password }, params: inviteByMail ? { sendActivationMail: true } : undefined });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: user ? 'user.edit' : 'user.add' })}>
      <DialogBody>
        {brokerFieldError === undefined && <ApiErrorCallout error={save.error} />}
        <ReadOnlyFieldset>
          <UserFormFields
            values={values}
            onChange={(changes) => setValues((current) => ({ ...current, ...changes }))}
            errors={submitted ? errors : {}}
            brokerError={brokerFieldError}
            adding={user === null}
            canInviteByMail={canInviteByMail}
            withRoles={withRoles}
            lastAdministrator={user !== null && user.id === lastAdministratorId}
          />
        </ReadOnlyFieldset>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button variant="minimal" onClick={onCancel} disabled={save.isPending}>
              <FormattedMessage id="action.cancel" />
            </Button>
            <ChangeAction>
              <Button type="submit" intent="primary" loading={save.isPending || (!user && !passwordPolicySettled)} data-testid="user-dialog-save">
                <FormattedMessage id={user ? 'action.save' : 'action.add'} />
              </Button>
            </ChangeAction>
          </>
        }
      />
    </form>
  );
}
