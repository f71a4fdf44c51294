import { Button, Callout, Classes, FormGroup, HTMLTable, InputGroup, TextArea } from '@blueprintjs/core';
import { SendMessageIcon } from '@blueprintjs/icons';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, FormattedNumber, FormattedTime, useIntl } from 'react-intl';
import { formatReason, subackReasonMessage } from '../session/reason-codes';
import { useFrameVersion, useSessionState } from '../session/use-session';
import type { WsSession } from '../session/ws-session';
import { correlationText } from './request-response';

/** The colour the tester's own response subscription would show in (it is not a saved subscription). */
const RESPONSE_COLOR = '#7961db';

const newCorrelationData = () => `req-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * Request/response (MQTT 5 section 4.10): publishes a request with a response topic and fresh
 * correlation data, subscribes to the response topic, and shows each reply's round trip.
 */
export function RequestTester({ session }: { session: WsSession }) {
  const intl = useIntl();
  const { status } = useSessionState(session);
  useFrameVersion(session.requests);
  const [requestTopic, setRequestTopic] = useState('requests/echo');
  const [responseTopic, setResponseTopic] = useState('responses/echo');
  const [payload, setPayload] = useState('{}');
  const [error, setError] = useState<string | undefined>(undefined);
  const connected = status === 'CONNECTED';
  const mqtt5 = session.getProtocolVersion() === 5;
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const correlationData = newCorrelationData();
    try {
      const { reasonCode } = await session.subscribe({ topicFilter: responseTopic, qos: 1, color: RESPONSE_COLOR });
      if (reasonCode >= 0x80) throw new Error(intl.formatMessage({ id: 'ws-client.request-subscribe-refused' }, { reason: formatReason(intl, subackReasonMessage(reasonCode)), code: reasonCode }));
      session.requests.track({ correlationData, requestTopic, responseTopic, sentAt: Date.now() });
      await session.publish({ topic: requestTopic, qos: 1, retain: false, payload, payloadType: 'STRING', properties: { responseTopic, correlationData } });
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <form className="ws-request-tester" onSubmit={(event) => void send(event)} data-testid="ws-request-tester">
      <div className="ws-request-tester__fields">
        <FormGroup label={intl.formatMessage({ id: 'ws-client.request-topic' })} labelFor="ws-request-topic">
          <InputGroup id="ws-request-topic" size="small" value={requestTopic} onValueChange={setRequestTopic} />
        </FormGroup>
        <FormGroup label={intl.formatMessage({ id: 'ws-client.response-topic' })} labelFor="ws-response-topic">
          <InputGroup id="ws-response-topic" size="small" value={responseTopic} onValueChange={setResponseTopic} />
        </FormGroup>
      </div>
      <FormGroup label={intl.formatMessage({ id: 'ws-client.request-payload' })} labelFor="ws-request-payload">
        <TextArea id="ws-request-payload" fill rows={2} className={Classes.MONOSPACE_TEXT} value={payload} onChange={(event) => setPayload(event.currentTarget.value)} />
      </FormGroup>
      <div className="ws-request-tester__actions">
        <Button type="submit" size="small" intent="primary" icon={<SendMessageIcon />} disabled={!connected || !mqtt5 || requestTopic === '' || responseTopic === ''}>
          <FormattedMessage id="ws-client.request-send" />
        </Button>
        {!connected && (
          <span className={Classes.TEXT_MUTED}>
            <FormattedMessage id="ws-client.request-needs-connection" />
          </span>
        )}
        {connected && !mqtt5 && (
          <span className={Classes.TEXT_MUTED}>
            <FormattedMessage id="ws-client.request-needs-mqtt-5" />
          </span>
        )}
      </div>
      {error && (
        <Callout intent="danger" compact>
          {error}
        </Callout>
      )}
      {session.requests.list.length > 0 && (
        <HTMLTable compact striped className="ws-request-tester__list">
          <thead>
            <tr>
              <th>
                <FormattedMessage id="ws-client.request-sent" />
              </th>
              <th>
                <FormattedMessage id="ws-client.message-correlation-data" />
              </th>
              <th>
                <FormattedMessage id="ws-client.request-round-trip" />
              </th>
            </tr>
          </thead>
          <tbody>
            {session.requests.list.map((request) => (
              <tr key={request.correlationData}>
                <td>
                  <FormattedTime value={request.sentAt} hour="2-digit" minute="2-digit" second="2-digit" />
                </td>
                <td>
                  <code>{request.correlationData}</code>
                </td>
                <td data-testid="ws-request-round-trip">
                  {request.reply ? (
                    <span title={correlationText(request.reply.message.payload)}>
                      <FormattedNumber value={request.reply.roundTripMs} style="unit" unit="millisecond" />
                    </span>
                  ) : (
                    <span className={Classes.TEXT_MUTED}>
                      <FormattedMessage id="ws-client.request-waiting" />
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </form>
  );
}
