import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { getGetAdminSettingsQueryKey, useGetAdminSettings, useSaveAdminSettings } from '../../../api/generated/endpoints/admin/admin';
import type { GetAdminSettings200 } from '../../../api/generated/model/getAdminSettings200';
import type { MqttAuthorizationSettings } from '../../../api/generated/model/mqttAuthorizationSettings';
import { showToast } from '../../../components/toast/toast-store';
import { completeOrder, moveInOrder, type OrderedProviderType, orderSettingsOf, sameOrder } from './provider-order';

const KEY = 'mqttAuthorization';

function isOrderSettings(settings: GetAdminSettings200 | undefined): settings is MqttAuthorizationSettings {
  return settings?.key === KEY;
}

export interface ProviderOrder {
  /** Settings are read (or known to be missing: then the default order applies). */
  ready: boolean;
  order: OrderedProviderType[];
  changed: boolean;
  saving: boolean;
  error: ApiError | null;
  move: (index: number, step: -1 | 1) => void;
  save: () => void;
  cancel: () => void;
}

/** The order in which the providers judge a CONNECT (admin settings mqttAuthorization): moved here, saved or put back. */
export function useProviderOrder(): ProviderOrder {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const settings = useGetAdminSettings<GetAdminSettings200, ApiError>(KEY, {
    query: { queryKey: getGetAdminSettingsQueryKey(KEY), refetchOnWindowFocus: false },
    // A broker that has not stored an order yet answers 404: the default order stands until saved.
    request: { ignoreErrors: true },
  });
  const stored = isOrderSettings(settings.data) ? settings.data : undefined;
  const storedOrder = completeOrder(stored?.jsonValue.priorities);
  const [draft, setDraft] = useState<OrderedProviderType[] | null>(null);
  const order = draft ?? storedOrder;
  const save = useSaveAdminSettings<ApiError>({
    mutation: {
      onSuccess: (saved) => {
        showToast({ message: intl.formatMessage({ id: 'auth-provider.order-saved' }), type: 'success' });
        queryClient.setQueryData(getGetAdminSettingsQueryKey(KEY), saved);
        setDraft(null);
      },
    },
    request: { ignoreErrors: true },
  });
  return {
    ready: settings.data !== undefined || settings.isError,
    order,
    changed: !sameOrder(order, storedOrder),
    saving: save.isPending,
    error: save.error ?? (settings.error?.status === 404 ? null : settings.error),
    move: (index, step) => setDraft(moveInOrder(order, index, step)),
    save: () => save.mutate({ data: orderSettingsOf(stored, order) }),
    cancel: () => {
      setDraft(null);
      save.reset();
    },
  };
}
