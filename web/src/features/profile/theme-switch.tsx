import { FormGroup, SegmentedControl } from '@blueprintjs/core';
import { defineMessages, useIntl } from 'react-intl';
import type { ApiError } from '../../api/api-error';
import { useSaveAdminUser } from '../../api/generated/endpoints/admin/admin';
import type { User } from '../../api/generated/model/user';
import { setSessionUser } from '../../api/auth/session-data';
import { isThemeChoice, saveThemeChoice, THEME_CHOICES, type ThemeChoice, useThemeChoice } from '../../components/theme/theme';

const messages = defineMessages({
  theme: { id: 'profile.theme' },
  system: { id: 'profile.theme-system' },
  light: { id: 'profile.theme-light' },
  dark: { id: 'profile.theme-dark' },
});

/** The user's saved profile with the theme in its console preferences (additionalInfo.config). */
const withTheme = (user: User, theme: ThemeChoice) => ({
  id: user.id,
  createdTime: user.createdTime,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  additionalInfo: { ...user.additionalInfo, config: { ...user.additionalInfo?.config, theme } },
});

/**
 * System, light or dark: applied at once and remembered by this browser; kept with the account too
 * (additionalInfo.config.theme), which a browser without a choice of its own takes at sign-in. Saved
 * as the user was last saved, so unsaved edits of the form above stay the form's.
 */
export function ThemeSwitch({ user }: { user: User }) {
  const intl = useIntl();
  const choice = useThemeChoice();
  const saveTheme = useSaveAdminUser<ApiError>({ mutation: { onSuccess: setSessionUser } });

  const choose = (value: string) => {
    if (!isThemeChoice(value) || value === choice) return;
    saveThemeChoice(value);
    saveTheme.mutate({ data: withTheme(user, value) });
  };

  return (
    <FormGroup label={intl.formatMessage(messages.theme)}>
      <SegmentedControl
        aria-label={intl.formatMessage(messages.theme)}
        options={THEME_CHOICES.map((option) => ({ value: option, label: intl.formatMessage(messages[option]) }))}
        value={choice}
        onValueChange={choose}
      />
    </FormGroup>
  );
}
