import { Button, Card } from '@blueprintjs/core';
import { EnvelopeIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../api/api-error';
import { apiFieldError } from '../../api/api-error-field';
import { getGetAdminSettingsQueryKey, useSaveAdminSettings, useSendTestMail } from '../../api/generated/endpoints/admin/admin';
import type { AdminSettings } from '../../api/generated/model/adminSettings';
import { ApiErrorCallout } from '../../components/form/api-error-callout';
import { plainTextToastMessage } from '../../components/toast/toast-message';
import { showToast } from '../../components/toast/toast-store';
import { MailSettingsFields } from './mail-settings-fields';
import {
  type MailSettingsField,
  mailSettingsOf,
  mailSettingsValuesOf,
  sameMailSettingsValues,
  storedPasswordApplies,
  validateMailSettings,
} from './mail-settings-values';
import { ChangeAction, ReadOnlyFieldset } from '../../components/roles/change-action';

/** The fields that show an error of their own; the broker's other refusals show above the form. */
const FIELDS_WITH_ERRORS: readonly MailSettingsField[] = ['mailFrom', 'smtpHost', 'smtpPort', 'timeout', 'username', 'password'];

/**
 * The outgoing mail settings: saved to the broker, or tried out first with a test mail to the
 * signed-in user (the broker sends it with the settings as they are in the form).
 */
export function MailSettingsForm({ stored, recipient }: { stored: AdminSettings; recipient: string | undefined }) {
  const intl = useIntl();
  const settings = stored.jsonValue;
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => mailSettingsValuesOf(settings));
  const save = useSaveAdminSettings<ApiError>({
    mutation: {
      onSuccess: (saved) => {
        showToast({ message: intl.formatMessage({ id: 'admin.mail-settings-saved' }), type: 'success' });
        // The call saves other keys too; a save of the mail key answers the mail settings.
        if (saved.key !== 'mail') return;
        queryClient.setQueryData(getGetAdminSettingsQueryKey('mail'), saved);
        // The typed password is stored now: the field goes back to "unchanged".
        setValues(mailSettingsValuesOf(saved.jsonValue));
      },
    },
    request: { ignoreErrors: true },
  });
  const testMail = useSendTestMail<ApiError>({
    mutation: {
      onSuccess: () => showToast({ message: plainTextToastMessage(intl.formatMessage({ id: 'admin.test-mail-sent' }, { email: recipient })), type: 'success' }),
      onError: (error) => showToast({ message: plainTextToastMessage(error.message), type: 'error' }),
    },
    request: { ignoreErrors: true },
  });
  const errors = validateMailSettings(values, settings);
  const valid = Object.keys(errors).length === 0;
  const changed = !sameMailSettingsValues(values, mailSettingsValuesOf(settings));
  const brokerFieldError = apiFieldError(save.error, FIELDS_WITH_ERRORS);

  // TBMQ saves over its stored row only when the body names it (its id and creation time).
  const storedRow = { ...(stored.id === undefined ? {} : { id: stored.id }), ...(stored.createdTime === undefined ? {} : { createdTime: stored.createdTime }) };
  const settingsToSend = (): AdminSettings => ({ ...storedRow, key: 'mail', jsonValue: mailSettingsOf(values, settings) });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (valid) save.mutate({ data: settingsToSend() });
  }

  return (
    <Card className="mail-settings">
      <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'admin.outgoing-mail' })}>
        {brokerFieldError === undefined && <ApiErrorCallout error={save.error} />}
        <ReadOnlyFieldset>
          <MailSettingsFields
            values={values}
            onChange={(changes) => setValues((current) => ({ ...current, ...changes }))}
            errors={errors}
            brokerError={brokerFieldError}
            storedPasswordApplies={storedPasswordApplies(values, settings)}
          />
        </ReadOnlyFieldset>
        <div className="mail-settings__actions">
          <ChangeAction>
            <Button
              icon={<EnvelopeIcon />}
              disabled={!valid}
              loading={testMail.isPending}
              onClick={() => testMail.mutate({ data: settingsToSend() })}
            >
              <FormattedMessage id="admin.send-test-mail" />
            </Button>
          </ChangeAction>
          <ChangeAction>
            <Button type="submit" intent="primary" disabled={!valid || !changed} loading={save.isPending}>
              <FormattedMessage id="action.save" />
            </Button>
          </ChangeAction>
        </div>
      </form>
    </Card>
  );
}
