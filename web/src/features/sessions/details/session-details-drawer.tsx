import { Button, Drawer, NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { DisableIcon, TrashIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { getGetClientSessionDetailsQueryKey, useGetClientSessionDetails } from '../../../api/generated/endpoints/client-session/client-session';
import type { ClientSessionDetails } from '../../../api/generated/model/clientSessionDetails';
import { entityLabels } from '../../../components/entity/entity-labels';
import { HelpButton } from '../../../components/help/help-button';
import { entityHelpIds } from '../../../components/help/help-ids';
import { MEDIA_GT_SM } from '../../../components/media-query/breakpoints';
import { useMediaQuery } from '../../../components/media-query/use-media-query';
import type { SessionAction } from '../actions/session-action';
import { SessionActionDialog } from '../actions/session-action-dialog';
import { SessionDetailsFields } from './session-details-fields';
import { SessionEvents } from './session-events';
import { SessionStatusTag } from '../list/session-status-tag';
import { SessionSubscriptionsEditor } from '../subscriptions/session-subscriptions-editor';
import { SESSIONS_REFRESH_MS } from '../list/use-sessions-list';
import { ExtensionPanel } from '../../../components/broker-support/extension-panel';
import './session-details.css';
import { ChangeAction } from '../../../components/roles/change-action';

interface SessionDetailsDrawerProps {
  /** The client whose session shows; the drawer is closed while null. */
  clientId: string | null;
  onClose: () => void;
}

/** A session's details beside the list (linkable through the URL): fields, subscriptions editor, event history. */
export function SessionDetailsDrawer({ clientId, onClose }: SessionDetailsDrawerProps) {
  const intl = useIntl();
  const wide = useMediaQuery(MEDIA_GT_SM);
  return (
    <Drawer
      isOpen={clientId !== null}
      onClose={onClose}
      size={wide ? '760px' : '100%'}
      title={intl.formatMessage(entityLabels.MQTT_SESSION.details)}
      className="session-details"
    >
      {clientId !== null && <SessionDetailsBody key={clientId} clientId={clientId} onRemoved={onClose} />}
    </Drawer>
  );
}

function SessionDetailsBody({ clientId, onRemoved }: { clientId: string; onRemoved: () => void }) {
  const intl = useIntl();
  const [action, setAction] = useState<SessionAction | null>(null);
  // The drawer shows a missing session itself rather than as a toast.
  const details = useGetClientSessionDetails<ClientSessionDetails, ApiError>(
    { clientId },
    { query: { queryKey: getGetClientSessionDetailsQueryKey({ clientId }), refetchInterval: SESSIONS_REFRESH_MS, retry: false }, request: { ignoreErrors: true, ignoreLoading: true } },
  );
  const session = details.data;
  // Also after the session ended while shown, e.g. a clean session whose client was disconnected.
  if (details.isError) {
    return <NonIdealState className="session-details__body" title={<FormattedMessage id="session.session-not-found" values={{ clientId }} />} description={details.error.message} />;
  }
  if (!session) return <Spinner className="session-details__body" aria-label={intl.formatMessage({ id: 'common.loading' })} />;
  const connected = session.connectionState === 'CONNECTED';
  const target = { scope: 'one' as const, clientId: session.clientId, sessionId: session.sessionId };
  return (
    <div className="session-details__body">
      <div className="session-details__header">
        <h3 className="session-details__client-id" data-testid="session-details-client-id">
          {session.clientId}
        </h3>
        <SessionStatusTag state={session.connectionState} />
        <span className="session-details__spacer" />
        {connected ? (
          <ChangeAction>
            <Button intent="danger" icon={<DisableIcon />} onClick={() => setAction({ kind: 'disconnect', target })} data-testid="session-details-disconnect">
              <FormattedMessage id="session.disconnect" />
            </Button>
          </ChangeAction>
        ) : (
          <ChangeAction>
            <Button intent="danger" icon={<TrashIcon />} onClick={() => setAction({ kind: 'remove', target })} data-testid="session-details-remove">
              <FormattedMessage id="session.remove" />
            </Button>
          </ChangeAction>
        )}
        <HelpButton helpId={entityHelpIds.MQTT_SESSION} />
      </div>
      <Tabs id="session-details-tabs">
        <Tab id="details" title={intl.formatMessage({ id: 'session.details' })} panel={<SessionDetailsFields session={session} />} />
        <Tab
          id="subscriptions"
          title={intl.formatMessage({ id: 'session.subscriptions' })}
          panel={<SessionSubscriptionsEditor clientId={session.clientId} subscriptions={session.subscriptions} />}
        />
        <Tab id="events" title={intl.formatMessage({ id: 'session.event-history' })} panel={
            <ExtensionPanel extension="clientEvents">
              <SessionEvents clientId={session.clientId} />
            </ExtensionPanel>
          }
        />
      </Tabs>
      <SessionActionDialog action={action} onClose={() => setAction(null)} onDone={(done) => done.kind === 'remove' && onRemoved()} />
    </div>
  );
}
