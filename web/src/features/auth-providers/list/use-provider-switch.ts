import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { getGetMqttAuthProvidersQueryKey, useDisableMqttAuthProvider, useEnableMqttAuthProvider } from '../../../api/generated/endpoints/mqtt-auth-provider/mqtt-auth-provider';
import type { ShortMqttAuthProvider } from '../../../api/generated/model/shortMqttAuthProvider';
import { showToast } from '../../../components/toast/toast-store';
import { PROVIDER_TYPE_NAMES } from '../provider-type-names';

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

  const toggle = (provider: ShortMqttAuthProvider, enabled: boolean) => {
    setAsked((current) => ({ ...current, [provider.id]: enabled }));
    const name = intl.formatMessage({ id: PROVIDER_TYPE_NAMES[provider.type] });
    (enabled ? enable : disable).mutate(
      { authProviderId: provider.id },
      {
        onSuccess: async () => {
          await queryClient.invalidateQueries({ queryKey: getGetMqttAuthProvidersQueryKey() });
          settle(provider.id);
        },
        onError: (error) => {
          settle(provider.id);
          showToast({ message: intl.formatMessage({ id: enabled ? 'auth-provider.enable-failed' : 'auth-provider.disable-failed' }, { name, message: error.message }), type: 'error' });
        },
      },
    );
  };

  return {
    enabledOf: (provider) => asked[provider.id] ?? provider.enabled,
    pendingOf: (provider) => provider.id in asked,
    toggle,
  };
}
