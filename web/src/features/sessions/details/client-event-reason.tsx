import { FormattedMessage } from 'react-intl';
import type { ClientEvent } from '../../../api/generated/model/clientEvent';
import { disconnectReasonMessage } from '../../../components/mqtt/disconnect-reasons';

function ReasonCodeText({ code }: { code: number }) {
  const { values, ...descriptor } = disconnectReasonMessage(code);
  return <FormattedMessage {...descriptor} values={values} />;
}

/**
 * Why a connection ended: the reason code with its spec section 8 text, and who ended it. Without a
 * code the broker's own words stand (e.g. a connection lost without DISCONNECT).
 */
export function ClientEventReason({ event }: { event: ClientEvent }) {
  return (
    <span className="client-event-reason">
      {event.reasonCode === undefined ? (
        event.reason
      ) : (
        <>
          <code>{event.reasonCode}</code> <ReasonCodeText code={event.reasonCode} />
        </>
      )}
      {event.initiator && (
        <>
          {' '}
          <FormattedMessage id={`session.initiator-${event.initiator}`} />
        </>
      )}
    </span>
  );
}
