import { Button, Drawer, NonIdealState, Spinner } from '@blueprintjs/core';
import { TrashIcon } from '@blueprintjs/icons';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { getGetRetainedMessageQueryKey, useGetRetainedMessage } from '../../../api/generated/endpoints/retained-message/retained-message';
import type { RetainedMessageDetails } from '../../../api/generated/model/retainedMessageDetails';
import { entityLabels } from '../../../components/entity/entity-labels';
import { HelpButton } from '../../../components/help/help-button';
import { entityHelpIds } from '../../../components/help/help-ids';
import { MEDIA_GT_SM } from '../../../components/media-query/breakpoints';
import { useMediaQuery } from '../../../components/media-query/use-media-query';
import { PayloadViewer } from '../../../components/payload-viewer/payload-viewer';
import type { RetainedDeleteTarget } from '../delete/retained-delete';
import { RetainedDeleteDialog } from '../delete/retained-delete-dialog';
import { retainedPayloadBytes } from '../retained-payload';
import { RetainedMessageFields } from './retained-message-fields';
import { RETAINED_REFRESH_MS } from '../use-retained-messages-list';
import { ChangeAction } from '../../../components/roles/change-action';

interface RetainedMessageDrawerProps {
  /** The topic whose retained message shows; the drawer is closed while null. */
  topic: string | null;
  onClose: () => void;
}

/** A retained message beside the list (linkable through the URL): its fields, MQTT 5 properties and payload. */
export function RetainedMessageDrawer({ topic, onClose }: RetainedMessageDrawerProps) {
  const intl = useIntl();
  const wide = useMediaQuery(MEDIA_GT_SM);
  return (
    <Drawer isOpen={topic !== null} onClose={onClose} size={wide ? '720px' : '100%'} title={intl.formatMessage(entityLabels.RETAINED_MESSAGE.details)} className="retained-details">
      {topic !== null && <RetainedMessageBody key={topic} topic={topic} onDeleted={onClose} />}
    </Drawer>
  );
}

function Payload({ message }: { message: RetainedMessageDetails }) {
  const payload = useMemo(() => retainedPayloadBytes(message), [message]);
  return <PayloadViewer payload={payload} formatIndicator={message.payloadFormatIndicator} />;
}

function RetainedMessageBody({ topic, onDeleted }: { topic: string; onDeleted: () => void }) {
  const intl = useIntl();
  const [target, setTarget] = useState<RetainedDeleteTarget | null>(null);
  // The drawer shows a missing message itself rather than as a toast.
  const details = useGetRetainedMessage<RetainedMessageDetails, ApiError>(
    { topicName: topic },
    { query: { queryKey: getGetRetainedMessageQueryKey({ topicName: topic }), refetchInterval: RETAINED_REFRESH_MS, retry: false }, request: { ignoreErrors: true, ignoreLoading: true } },
  );
  const message = details.data;
  if (details.isError) {
    return (
      <NonIdealState
        className="retained-details__body"
        title={<FormattedMessage id="retained-message.not-found" values={{ topic }} />}
        description={<FormattedMessage id="retained-message.not-found-text" />}
      />
    );
  }
  if (!message) return <Spinner className="retained-details__body" aria-label={intl.formatMessage({ id: 'common.loading' })} />;
  return (
    <div className="retained-details__body">
      <div className="retained-details__header">
        <h3 className="retained-details__topic" data-testid="retained-details-topic">
          {message.topic}
        </h3>
        <span className="retained-details__spacer" />
        <ChangeAction>
          <Button intent="danger" icon={<TrashIcon />} onClick={() => setTarget({ scope: 'one', topic: message.topic })} data-testid="retained-details-delete">
            <FormattedMessage id="action.delete" />
          </Button>
        </ChangeAction>
        <HelpButton helpId={entityHelpIds.RETAINED_MESSAGE} />
      </div>
      <RetainedMessageFields message={message} />
      <h4 className="retained-details__heading">
        <FormattedMessage id="retained-message.payload" />
      </h4>
      <Payload key={message.createdTime} message={message} />
      <RetainedDeleteDialog target={target} onClose={() => setTarget(null)} onDone={onDeleted} />
    </div>
  );
}
