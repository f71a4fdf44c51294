import { NonIdealState, Spinner } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';
import { getGetAdminSettingsQueryKey, useGetAdminSettings } from '../../api/generated/endpoints/admin/admin';
import { useCurrentUser } from '../../api/auth/use-current-user';
import { MailSettingsForm } from './mail-settings-form';
import './outgoing-mail-page.css';

/** Spec section 2, /settings/outgoing-mail: the mail server the broker sends its mails through. */
export default function OutgoingMailPage() {
  const user = useCurrentUser();
  const settings = useGetAdminSettings('mail', { query: { queryKey: getGetAdminSettingsQueryKey('mail'), refetchOnWindowFocus: false } });
  if (settings.isError) return <NonIdealState icon={<ErrorIcon />} description={settings.error.message} />;
  // Asked for key mail, the broker answers the mail settings (other keys have other shapes).
  if (settings.data?.key !== 'mail') return <Spinner className="mail-settings__loading" />;
  return <MailSettingsForm stored={settings.data} recipient={user?.email} />;
}
