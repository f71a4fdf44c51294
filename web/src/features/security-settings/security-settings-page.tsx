import { NonIdealState, Spinner } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';
import { getGetSecuritySettingsQueryKey, useGetSecuritySettings } from '../../api/generated/endpoints/admin/admin';
import { useExtension } from '../../components/broker-support/broker-extensions';
import { SecuritySettingsForm } from './security-settings-form';
import './security-settings-page.css';

/**
 * System settings → Security (/settings/security): the password policy every console password must
 * pass (TBMQ 2.3's), and Starling's sign-in lockout on a broker that lists signInLockout.
 */
export default function SecuritySettingsPage() {
  const settings = useGetSecuritySettings({ query: { queryKey: getGetSecuritySettingsQueryKey(), refetchOnWindowFocus: false } });
  const lockout = useExtension('signInLockout');
  if (settings.isError) return <NonIdealState icon={<ErrorIcon />} description={settings.error.message} />;
  // The form starts from the stored values once, so it waits for the extensions to be known too.
  if (!settings.data || lockout === 'unknown') return <Spinner className="security-settings__loading" />;
  return <SecuritySettingsForm stored={settings.data} lockout={lockout === 'available'} />;
}
