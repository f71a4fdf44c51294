import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { getGetMqttAuthProvidersQueryKey, useDisableMqttAuthProvider, useEnableMqttAuthProvider } from '../../../api/generated/endpoints/mqtt-auth-provider/mqtt-auth-provider';
import type { ShortMqttAuthProvider } from '../../../api/generated/model/shortMqttAuthProvider';
import { showToast } from '../../../components/toast/toast-store';
import { PROVIDER_TYPE_NAMES } from '../../../components/auth-provider/provider-type-names';

export interface ProviderSwitch {
  /** What the switch shows: the state asked for while its call runs, else the stored one. */
  enabledOf: (provider: ShortMqttAuthProvider) => boolean;
  pendingOf: (provider: ShortMqttAuthProvider) => boolean;
  toggle: (provider: ShortMqttAuthProvider, enabled: boolean) => void;
}

/** Enable and disable providers: the switch moves at once and waits for the broker; a refusal puts it back with a toast. */
export function useProviderSwitch(): ProviderSwitch {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<Record<string, boolean>>({});
  const options = { request: { ignoreErrors: true } };
  const enable = useEnableMqttAuthProvider<ApiError>(options);
  const disable = useDisableMqttAuthProvider<ApiError>(options);

  const settle = (id: string) =>
    setAsked((current) => {
      const { [id]: _settled, ...others } = current;
      return others;
    });

  const toggle = async (provider: ShortMqttAuthProvider, enabled: boolean) => {
    setAsked((current) => ({ ...current, [provider.id]: enabled }));
    // mutateAsync rather than mutate's callbacks: those fire for the latest call only, and two
    // providers may be switched before the first answer.
    try {
      await (enabled ? enable : disable).mutateAsync({ authProviderId: provider.id });
      await queryClient.invalidateQueries({ queryKey: getGetMqttAuthProvidersQueryKey() });
    } catch (error) {
      const name = intl.formatMessage({ id: PROVIDER_TYPE_NAMES[provider.type] });
      const message = error instanceof Error ? error.message : String(error);
      showToast({ message: intl.formatMessage({ id: enabled ? 'auth-provider.enable-failed' : 'auth-provider.disable-failed' }, { name, message }), type: 'error' });
    } finally {
      settle(provider.id);
    }
  };

  return {
    enabledOf: (provider) => asked[provider.id] ?? provider.enabled,
    pendingOf: (provider) => provider.id in asked,
    toggle: (provider, enabled) => void toggle(provider, enabled),
  };
}
