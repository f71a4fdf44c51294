import { Button, Card } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../api/api-error';
import { apiFieldError } from '../../api/api-error-field';
import { getGetSecuritySettingsQueryKey, useSaveSecuritySettings } from '../../api/generated/endpoints/admin/admin';
import { getGetUserPasswordPolicyQueryKey } from '../../api/generated/endpoints/auth/auth';
import type { SecuritySettings } from '../../api/generated/model/securitySettings';
import { ApiErrorCallout } from '../../components/form/api-error-callout';
import { showToast } from '../../components/toast/toast-store';
import { SecuritySettingsFields } from './security-settings-fields';
import {
  type SecuritySettingsField,
  sameSecuritySettingsValues,
  securitySettingsOf,
  securitySettingsValuesOf,
  validateSecuritySettings,
} from './security-settings-values';
import { ChangeAction, ReadOnlyFieldset } from '../../components/roles/change-action';

/** The fields that show the broker's refusal under them; its other refusals show above the form. */
const FIELDS_WITH_ERRORS: readonly SecuritySettingsField[] = [
  'minimumLength',
  'maximumLength',
  'minimumUppercaseLetters',
  'minimumLowercaseLetters',
  'minimumDigits',
  'minimumSpecialCharacters',
  'passwordExpirationPeriodDays',
  'passwordReuseFrequencyDays',
  'maxFailedSignIns',
  'failedSignInWindowSeconds',
];

/** The console's security settings: saved to the broker, or put back as stored with Cancel. */
export function SecuritySettingsForm({ stored, lockout }: { stored: SecuritySettings; lockout: boolean }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => securitySettingsValuesOf(stored));
  const save = useSaveSecuritySettings<ApiError>({
    mutation: {
      onSuccess: (saved) => {
        showToast({ message: intl.formatMessage({ id: 'admin.security-settings-saved' }), type: 'success' });
        queryClient.setQueryData(getGetSecuritySettingsQueryKey(), saved);
        // The password screens and the one-time passwords follow the new policy at once.
        void queryClient.invalidateQueries({ queryKey: getGetUserPasswordPolicyQueryKey() });
        setValues(securitySettingsValuesOf(saved));
      },
    },
    request: { ignoreErrors: true },
  });
  const errors = validateSecuritySettings(values, { lockout });
  const valid = Object.keys(errors).length === 0;
  const changed = !sameSecuritySettingsValues(values, securitySettingsValuesOf(stored));
  const brokerFieldError = apiFieldError(save.error, FIELDS_WITH_ERRORS);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (valid) save.mutate({ data: securitySettingsOf(values, stored, { lockout }) });
  }

  function cancel() {
    setValues(securitySettingsValuesOf(stored));
    save.reset();
  }

  return (
    <Card className="security-settings">
      <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'admin.security-settings' })}>
        {brokerFieldError === undefined && <ApiErrorCallout error={save.error} />}
        <ReadOnlyFieldset>
          <SecuritySettingsFields
            values={values}
            onChange={(changes) => setValues((current) => ({ ...current, ...changes }))}
            errors={errors}
            brokerError={brokerFieldError}
            lockout={lockout}
          />
        </ReadOnlyFieldset>
        <div className="security-settings__actions">
          <Button variant="minimal" disabled={!changed || save.isPending} onClick={cancel}>
            <FormattedMessage id="action.cancel" />
          </Button>
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
