import { Button, Card, FormGroup, H3, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { KeyIcon } from '@blueprintjs/icons';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../api/api-error';
import { useSaveAdminUser } from '../../api/generated/endpoints/admin/admin';
import type { User } from '../../api/generated/model/user';
import { setSessionUser } from '../../api/auth/session-data';
import { UserAdditionalInfoLang } from '../../api/generated/model/userAdditionalInfoLang';
import { ChangePasswordDialog } from '../../components/change-password/change-password-dialog';
import { ApiErrorCallout } from '../../components/form/api-error-callout';
import { showToast } from '../../components/toast/toast-store';
import { getUserDisplayName } from '../../components/user-menu/user-display-name';
import { ThemeSwitch } from './theme-switch';

type Lang = UserAdditionalInfoLang;

interface ProfileValues {
  firstName: string;
  lastName: string;
  lang: Lang;
}

/** Spec section 1: English and German; a user who never chose gets English. Unset names are null. */
const valuesOf = (user: User): ProfileValues => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  lang: user.additionalInfo?.lang ?? UserAdditionalInfoLang.en_US,
});

/** A name as saved: trimmed, null when empty (a broker's "unset"). */
const savedName = (name: string) => (name.trim() === '' ? null : name.trim());

/**
 * TBMQ has no profile call of its own: its console posts the signed-in user's whole object, changed,
 * to POST /api/admin (the bundled broker takes that too). The whole object, so that what the form
 * does not show (creation time, the rest of additionalInfo) stays as it is.
 */
const profileSaveOf = (user: User, { firstName, lastName, lang }: ProfileValues) => ({
  id: user.id,
  createdTime: user.createdTime,
  email: user.email,
  firstName: savedName(firstName),
  lastName: savedName(lastName),
  additionalInfo: { ...user.additionalInfo, lang },
});

const sameValues = (a: ProfileValues, b: ProfileValues) => a.firstName === b.firstName && a.lastName === b.lastName && a.lang === b.lang;

/**
 * The profile form. Saving updates the signed-in user the whole console reads, so a new language
 * applies at once (the app takes the language from the user's additionalInfo.lang).
 */
export function ProfileForm({ user }: { user: User }) {
  const intl = useIntl();
  const [values, setValues] = useState(() => valuesOf(user));
  const [changingPassword, setChangingPassword] = useState(false);
  const saveProfile = useSaveAdminUser<ApiError>({
    mutation: {
      onSuccess: (saved) => {
        showToast({ message: intl.formatMessage({ id: 'profile.profile-saved' }), type: 'success' });
        setSessionUser(saved);
        // The form shows what was stored (names trimmed), so it counts as unchanged again.
        setValues(valuesOf(saved));
      },
    },
    request: { ignoreErrors: true },
  });
  const changed = !sameValues(values, valuesOf(user));
  const set = (field: keyof ProfileValues) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    saveProfile.mutate({ data: profileSaveOf(user, values) });
  }

  return (
    <Card className="profile-page">
      <header className="profile-page__header">
        <H3>{getUserDisplayName(user)}</H3>
        <Tag minimal>
          <FormattedMessage id="user.sys-admin" />
        </Tag>
      </header>
      <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'profile.profile' })}>
        <ApiErrorCallout error={saveProfile.error} />
        <FormGroup label={<FormattedMessage id="user.email" />} labelFor="profile-email">
          <InputGroup id="profile-email" value={user.email} readOnly />
        </FormGroup>
        <FormGroup label={<FormattedMessage id="user.first-name" />} labelFor="profile-first-name">
          <InputGroup id="profile-first-name" autoComplete="given-name" value={values.firstName} onValueChange={set('firstName')} />
        </FormGroup>
        <FormGroup label={<FormattedMessage id="user.last-name" />} labelFor="profile-last-name">
          <InputGroup id="profile-last-name" autoComplete="family-name" value={values.lastName} onValueChange={set('lastName')} />
        </FormGroup>
        <FormGroup label={<FormattedMessage id="language.language" />} labelFor="profile-language">
          <HTMLSelect id="profile-language" value={values.lang} onChange={(event) => set('lang')(event.target.value)} fill>
            <option value={UserAdditionalInfoLang.en_US}>{intl.formatMessage({ id: 'language.en_US' })}</option>
            <option value={UserAdditionalInfoLang.de_DE}>{intl.formatMessage({ id: 'language.de_DE' })}</option>
          </HTMLSelect>
        </FormGroup>
        <ThemeSwitch user={user} />
        <div className="profile-page__actions">
          <Button icon={<KeyIcon />} onClick={() => setChangingPassword(true)}>
            <FormattedMessage id="profile.change-password" />
          </Button>
          <Button type="submit" intent="primary" disabled={!changed} loading={saveProfile.isPending}>
            <FormattedMessage id="action.save" />
          </Button>
        </div>
      </form>
      <ChangePasswordDialog isOpen={changingPassword} onClose={() => setChangingPassword(false)} />
    </Card>
  );
}
