import { Button, ButtonGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { EditIcon, PlusIcon, TrashIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { getGetWsSubscriptionsQueryKey, useDeleteWsSubscription, useGetWsSubscriptions } from '../../../api/generated/endpoints/ws-client/ws-client';
import type { WsConnection } from '../../../api/generated/model/wsConnection';
import type { WsSubscription } from '../../../api/generated/model/wsSubscription';
import type { WsSubscriptionConfiguration } from '../../../api/generated/model/wsSubscriptionConfiguration';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { entityLabels } from '../../../components/entity/entity-labels';
import { showToast } from '../../../components/toast/toast-store';
import { toastMessageWith } from '../../../components/toast/toast-message';
import { changesClientSubscription } from './subscription-rules';

/** Spec section 9: a connection keeps at most 100 subscriptions, so one page holds them all. */
const ALL_SUBSCRIPTIONS = 100;
import { WsSubscriptionDialog } from './ws-subscription-dialog';

export interface SubscriptionsPanelProps {
  connection: WsConnection;
  connected: boolean;
  /** Messages per second the broker handles now; null when not known. */
  brokerMessageRate: number | null;
  onSubscribe: (config: WsSubscriptionConfiguration) => Promise<void>;
  onUnsubscribe: (topicFilter: string) => Promise<void>;
  /** Filters the broker refused on this connection, each with why: marked on their rows. */
  refusals?: ReadonlyMap<string, string>;
  /** The saved subscriptions, each time the list loads or changes (e.g. to colour the messages). */
  onSubscriptionsChange?: (subscriptions: WsSubscription[]) => void;
}

type Editing = { open: false } | { open: true; subscription: WsSubscription | null };

/**
 * The connection's saved subscriptions (GET /api/ws/subscription, one page), each with its colour; saving
 * or deleting one also subscribes or unsubscribes the client while it is connected.
 */
export function SubscriptionsPanel({ connection, connected, brokerMessageRate, onSubscribe, onUnsubscribe, refusals, onSubscriptionsChange }: SubscriptionsPanelProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const params = { webSocketConnectionId: connection.id, pageSize: ALL_SUBSCRIPTIONS, page: 0 };
  const queryKey = getGetWsSubscriptionsQueryKey(params);
  const list = useGetWsSubscriptions(params, { query: { queryKey } });
  const [editing, setEditing] = useState<Editing>({ open: false });
  const [deleting, setDeleting] = useState<WsSubscription | null>(null);
  // Oldest first, whatever order the broker pages them in (the production broker's is by id).
  const page = list.data?.data;
  const subscriptions = useMemo(() => (page ? [...page].sort((a, b) => a.createdTime - b.createdTime) : undefined), [page]);

  useEffect(() => {
    if (subscriptions) onSubscriptionsChange?.(subscriptions);
  }, [subscriptions, onSubscriptionsChange]);

  /** The client's side of a change; the saved list stays as the broker answered whatever the client says. */
  const applyToClient = async (action: () => Promise<void>) => {
    if (!connected) return;
    try {
      await action();
    } catch (error) {
      showToast({ message: toastMessageWith((values) => intl.formatMessage({ id: 'ws-client.subscription.client-failed' }, values), { reason: error instanceof Error ? error.message : String(error) }), type: 'error' });
    }
  };

  const remove = useDeleteWsSubscription<ApiError>({
    mutation: {
      onSuccess: () => {
        const topicFilter = deleting?.configuration.topicFilter;
        void queryClient.invalidateQueries({ queryKey });
        if (topicFilter !== undefined) void applyToClient(() => onUnsubscribe(topicFilter));
      },
      onSettled: () => setDeleting(null),
    },
  });

  function saved(subscription: WsSubscription, previous: WsSubscription | null) {
    setEditing({ open: false });
    showToast({ message: intl.formatMessage({ id: 'ws-client.subscription.saved' }), type: 'success' });
    void queryClient.invalidateQueries({ queryKey });
    if (previous === null) {
      void applyToClient(() => onSubscribe(subscription.configuration));
    } else if (changesClientSubscription(previous.configuration, subscription.configuration)) {
      void applyToClient(async () => {
        await onUnsubscribe(previous.configuration.topicFilter);
        await onSubscribe(subscription.configuration);
      });
    }
  }

  return (
    <div className="ws-client__subscriptions">
      <div className="ws-client__panel-header">
        <FormattedMessage id="ws-client.subscription.subscriptions" />
        <Button icon={<PlusIcon />} variant="minimal" size="small" onClick={() => setEditing({ open: true, subscription: null })} data-testid="ws-subscription-add">
          <FormattedMessage id="action.add" />
        </Button>
      </div>
      {list.isPending && <Spinner size={20} />}
      {subscriptions?.length === 0 && <NonIdealState className="ws-client__empty-small" description={<FormattedMessage {...entityLabels.WS_SUBSCRIPTION.emptyText} />} />}
      {subscriptions && subscriptions.length > 0 && (
        <ul className="ws-client__subscription-list" aria-label={intl.formatMessage({ id: 'ws-client.subscription.subscriptions' })}>
          {subscriptions.map((subscription) => (
            <SubscriptionRow key={subscription.id} subscription={subscription} refusal={refusals?.get(subscription.configuration.topicFilter)} onEdit={() => setEditing({ open: true, subscription })} onDelete={() => setDeleting(subscription)} />
          ))}
        </ul>
      )}
      <WsSubscriptionDialog
        isOpen={editing.open}
        connection={connection}
        subscription={editing.open ? editing.subscription : null}
        others={(subscriptions ?? []).filter((other) => !editing.open || other.id !== editing.subscription?.id)}
        brokerMessageRate={brokerMessageRate}
        onClose={() => setEditing({ open: false })}
        onSaved={saved}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        title={<FormattedMessage id="subscription.remove-subscription" values={{ topicFilter: deleting?.configuration.topicFilter }} />}
        message={<FormattedMessage id={connected ? 'ws-client.subscription.delete-text-connected' : 'ws-client.subscription.delete-text'} />}
        okLabel={<FormattedMessage id="action.delete" />}
        intent="danger"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

interface SubscriptionRowProps {
  subscription: WsSubscription;
  /** Why the broker refused the filter on this connection, if it did. */
  refusal: string | undefined;
  onEdit: () => void;
  onDelete: () => void;
}

function SubscriptionRow({ subscription, refusal, onEdit, onDelete }: SubscriptionRowProps) {
  const intl = useIntl();
  const { topicFilter, qos, color } = subscription.configuration;
  return (
    <li className="ws-client__subscription" data-testid="ws-subscription-row">
      <span className="ws-client__swatch" style={{ backgroundColor: color ?? undefined }} aria-hidden />
      <span className="ws-client__subscription-topic" title={topicFilter}>
        {topicFilter}
      </span>
      {refusal !== undefined && (
        <Tag minimal round intent="danger" title={intl.formatMessage({ id: 'ws-client.subscription.refused-title' }, { reason: refusal })} data-testid="ws-subscription-refused">
          <FormattedMessage id="ws-client.subscription.refused" />
        </Tag>
      )}
      <Tag minimal round>
        <FormattedMessage id="ws-client.subscription.qos-tag" values={{ qos }} />
      </Tag>
      <ButtonGroup variant="minimal">
        <Button icon={<EditIcon />} size="small" aria-label={intl.formatMessage({ id: 'subscription.edit-subscription' }, { topicFilter })} onClick={onEdit} />
        <Button icon={<TrashIcon />} size="small" intent="danger" aria-label={intl.formatMessage({ id: 'subscription.remove-subscription' }, { topicFilter })} onClick={onDelete} />
      </ButtonGroup>
    </li>
  );
}
