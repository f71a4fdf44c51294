import { Button, Callout } from '@blueprintjs/core';
import { HistoryIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { WsConnection } from '../../../../api/generated/model/wsConnection';
import { Popover } from '../../../../components/popover/popover';
import type { ConnectionStatus } from '../../connection-status';
import { describeFailure } from '../connection-failure';
import { ConnectionStatusTag } from './connection-status-tag';
import { needsPassword } from '../connect-options';
import { PasswordPrompt } from './password-prompt';
import { StatusLog } from './status-log';
import { useSessionState } from '../use-session';
import type { WsSession } from '../ws-session';
import './connection-bar.css';

/** While the client is up or trying, the bar offers Disconnect (which also stops the trying). */
const ACTIVE: readonly ConnectionStatus[] = ['CONNECTED', 'CONNECTING', 'RECONNECTING', 'OFFLINE', 'CLOSE'];

interface ConnectionBarProps {
  session: WsSession;
  connection: WsConnection;
  /** Offered when the broker refuses the MQTT version: switch the connection to 3.1.1. */
  onUseMqtt311?(): void;
  /** Readies the connection just before connecting (e.g. makes its generated credentials again); answers what to connect with. */
  prepare?(connection: WsConnection): Promise<WsConnection>;
}

/**
 * A saved connection's name and live status (spec section 3, web-socket client) with Connect or Disconnect,
 * the reason of a failure in words and code, and the status log.
 */
export function ConnectionBar({ session, connection, onUseMqtt311, prepare }: ConnectionBarProps) {
  const intl = useIntl();
  const { status, failure, log } = useSessionState(session);
  const [askingPassword, setAskingPassword] = useState(false);
  const active = ACTIVE.includes(status);
  const connect = (password?: string) =>
    void (async () => {
      const ready = prepare ? await prepare(connection).catch(() => connection) : connection;
      await session.connect(ready, password === undefined ? {} : { password });
    })();
  const onConnect = () => (needsPassword(connection.configuration) ? setAskingPassword(true) : connect());
  return (
    <div className="ws-connection-bar" data-testid="ws-connection-bar">
      <div className="ws-connection-bar__row">
        {/* The one place that names the selected connection when the list is in another tab (narrow screens). */}
        <h2 className="ws-connection-bar__name" title={connection.name} data-testid="ws-connection-name">
          {connection.name}
        </h2>
        <ConnectionStatusTag status={status} />
        <span className="ws-connection-bar__url" title={connection.configuration.url}>
          {connection.configuration.url}
        </span>
        <span className="ws-connection-bar__spacer" />
        <Popover content={<StatusLog log={log} />} placement="bottom-end" className="ws-status-log-popover">
          <Button variant="minimal" icon={<HistoryIcon />} data-testid="ws-status-log-button">
            <FormattedMessage id="ws-client.status-log" />
          </Button>
        </Popover>
        {active ? (
          <Button onClick={() => void session.disconnect()} data-testid="ws-disconnect">
            <FormattedMessage id="ws-client.disconnect" />
          </Button>
        ) : (
          <Button intent="primary" onClick={onConnect} data-testid="ws-connect">
            <FormattedMessage id="ws-client.connect" />
          </Button>
        )}
      </div>
      {failure && (
        <Callout intent={status === 'CONNECTED' ? 'warning' : 'danger'} compact className="ws-connection-bar__failure" data-testid="ws-connection-failure">
          {describeFailure(intl, failure)}
          {failure.kind === 'CONNACK' && failure.offerMqtt311 && (
            <div className="ws-connection-bar__offer">
              {onUseMqtt311 ? (
                <Button size="small" intent="primary" onClick={onUseMqtt311} data-testid="ws-use-mqtt-311">
                  <FormattedMessage id="ws-client.use-mqtt-311" />
                </Button>
              ) : (
                <FormattedMessage id="ws-client.mqtt-311-hint" />
              )}
            </div>
          )}
        </Callout>
      )}
      <PasswordPrompt
        isOpen={askingPassword}
        connectionName={connection.name}
        withheld={connection.configuration.passwordWithheld === true}
        onClose={() => setAskingPassword(false)}
        onConnect={(password) => {
          setAskingPassword(false);
          connect(password);
        }}
      />
    </div>
  );
}
