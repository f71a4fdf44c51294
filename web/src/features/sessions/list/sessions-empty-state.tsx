import { Button, Classes, NonIdealState } from '@blueprintjs/core';
import { DesktopIcon, FilterRemoveIcon } from '@blueprintjs/icons';
import { FormattedMessage } from 'react-intl';
import { CopyButton } from '../../../components/copy-button/copy-button';
import { useBrokerMqttAddress } from '../../../components/mqtt/broker-address';
import { firstClientCommand } from './first-client-command';

/** No session matches the filter: the way back is to clear it. */
export function NoMatchingSessions({ onClearFilter }: { onClearFilter: () => void }) {
  return (
    <NonIdealState
      icon={<FilterRemoveIcon />}
      title={<FormattedMessage id="entity.no-mqtt-sessions-text" />}
      description={<FormattedMessage id="session.no-matching-sessions" />}
      action={
        <Button onClick={onClearFilter} data-testid="sessions-clear-filter">
          <FormattedMessage id="session.clear-filter-and-search" />
        </Button>
      }
    />
  );
}

/** The broker has no session at all: how to connect a first client. */
export function NoSessionsYet() {
  const { host, port } = useBrokerMqttAddress();
  const command = firstClientCommand(host, port);
  return (
    <NonIdealState
      className="sessions-empty"
      icon={<DesktopIcon />}
      title={<FormattedMessage id="session.no-sessions-yet" />}
      description={
        <div>
          <p>
            <FormattedMessage id="session.connect-first-client" />
          </p>
          <div className="sessions-empty__command">
            <code className={Classes.MONOSPACE_TEXT} data-testid="first-client-command">
              {command}
            </code>
            <CopyButton text={command} size="small" />
          </div>
        </div>
      }
    />
  );
}
