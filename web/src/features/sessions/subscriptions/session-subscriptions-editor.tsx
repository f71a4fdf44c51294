import { Button, Callout, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { EditIcon, PlusIcon, TrashIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { useReplaceClientSubscriptions } from '../../../api/generated/endpoints/subscription/subscription';
import type { SessionSubscription } from '../../../api/generated/model/sessionSubscription';
import { ApiErrorCallout } from '../../../components/form/api-error-callout';
import { ActionsColumnHeader, TABLE_ACTIONS_CLASS } from '../../../components/table/actions-column-header';
import { ColumnHeaders } from '../../../components/table/column-headers';
import { showToast } from '../../../components/toast/toast-store';
import { refreshSessionViews } from '../actions/session-action';
import { SubscriptionDialog } from './subscription-dialog';
import { qosLevelOf } from './subscription-form-values';
import { ChangeAction } from '../../../components/roles/change-action';

interface SessionSubscriptionsEditorProps {
  clientId: string;
  /** The session's subscriptions as the broker last reported them. */
  subscriptions: SessionSubscription[];
}

const COLUMN_LABELS = [
  'subscription.topic-filter',
  'subscription.qos',
  'subscription.no-local',
  'subscription.retain-as-published',
  'subscription.retain-handling',
  'subscription.subscription-id',
] as const;

/** The add/edit dialog: closed, adding (null) or editing the subscription at an index. */
type EditState = { open: false } | { open: true; index: number | null };

/**
 * The session's subscriptions, edited as a list and saved at once (POST /api/subscription, TBMQ's
 * replace call, which every broker serves): the broker applies the changes as if the client had
 * subscribed and unsubscribed (issue 7).
 */
export function SessionSubscriptionsEditor({ clientId, subscriptions }: SessionSubscriptionsEditorProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  // Null while unchanged, so that the broker's refreshed list shows.
  const [draft, setDraft] = useState<SessionSubscription[] | null>(null);
  const [edit, setEdit] = useState<EditState>({ open: false });
  const save = useReplaceClientSubscriptions<ApiError>({
    mutation: {
      onSuccess: () => {
        showToast({ message: intl.formatMessage({ id: 'subscription.subscriptions-saved' }), type: 'success' });
        setDraft(null);
        refreshSessionViews(queryClient);
      },
    },
    request: { ignoreErrors: true },
  });
  const list = draft ?? subscriptions;
  const editing = edit.open && edit.index !== null ? list[edit.index] : undefined;
  /** Null discards the changes. */
  const change = (next: SessionSubscription[] | null) => {
    save.reset();
    setDraft(next);
  };
  const putSubscription = (subscription: SessionSubscription) => {
    change(edit.open && edit.index !== null ? list.map((current, index) => (index === edit.index ? subscription : current)) : [...list, subscription]);
    setEdit({ open: false });
  };
  const rowButton = (label: 'subscription.edit-subscription' | 'subscription.remove-subscription', topicFilter: string, icon: ReactElement, onClick: () => void) => {
    const text = intl.formatMessage({ id: label }, { topicFilter });
    // Edits the draft that Save sends: a read-only account edits nothing.
    return (
      <ChangeAction>
        <Button variant="minimal" size="small" icon={icon} aria-label={text} title={text} onClick={onClick} />
      </ChangeAction>
    );
  };

  return (
    <div className="session-subscriptions">
      <ApiErrorCallout error={save.error} />
      {draft && (
        <Callout intent="warning" compact className="session-subscriptions__unsaved">
          <FormattedMessage id="subscription.unsaved-changes" />
        </Callout>
      )}
      {list.length === 0 ? (
        <NonIdealState title={<FormattedMessage id="subscription.no-subscriptions" />} />
      ) : (
        <div className="sessions-table__scroll">
          <HTMLTable compact striped className="session-subscriptions__table">
            <thead>
              <tr>
                <ColumnHeaders labels={COLUMN_LABELS} />
                <ActionsColumnHeader />
              </tr>
            </thead>
            <tbody>
              {list.map((subscription, index) => (
                <tr key={subscription.topicFilter} data-testid="subscription-row">
                  <td><code>{subscription.topicFilter}</code></td>
                  <td>{qosLevelOf(subscription.qos)}</td>
                  <td><FormattedMessage id={subscription.options.noLocal ? 'common.yes' : 'common.no'} /></td>
                  <td><FormattedMessage id={subscription.options.retainAsPublish ? 'common.yes' : 'common.no'} /></td>
                  <td>{subscription.options.retainHandling}</td>
                  <td>{subscription.subscriptionId ?? '—'}</td>
                  <td className={TABLE_ACTIONS_CLASS}>
                    {rowButton('subscription.edit-subscription', subscription.topicFilter, <EditIcon />, () => setEdit({ open: true, index }))}
                    {rowButton('subscription.remove-subscription', subscription.topicFilter, <TrashIcon />, () => change(list.filter((_, other) => other !== index)))}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <div className="session-subscriptions__buttons">
        <ChangeAction>
          <Button icon={<PlusIcon />} onClick={() => setEdit({ open: true, index: null })} data-testid="add-subscription">
            <FormattedMessage id="subscription.add" />
          </Button>
        </ChangeAction>
        {draft && (
          <>
            <Button variant="minimal" onClick={() => change(null)} disabled={save.isPending}>
              <FormattedMessage id="subscription.discard-changes" />
            </Button>
            <Button intent="primary" loading={save.isPending} onClick={() => save.mutate({ data: { clientId, subscriptions: draft } })} data-testid="save-subscriptions">
              <FormattedMessage id="action.save" />
            </Button>
          </>
        )}
      </div>
      <SubscriptionDialog
        isOpen={edit.open}
        subscription={editing ?? null}
        otherTopicFilters={list.filter((subscription) => subscription !== editing).map((subscription) => subscription.topicFilter)}
        onDone={putSubscription}
        onClose={() => setEdit({ open: false })}
      />
    </div>
  );
}
