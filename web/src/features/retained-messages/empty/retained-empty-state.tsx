import { Button, Classes, NonIdealState } from '@blueprintjs/core';
import { ArchiveIcon, FilterRemoveIcon } from '@blueprintjs/icons';
import { FormattedMessage } from 'react-intl';
import { CopyButton } from '../../../components/copy-button/copy-button';
import { useBrokerMqttAddress } from '../../../components/mqtt/broker-address';
import { firstRetainedCommand } from './first-retained-command';

/** No retained message matches the filter: the way back is to clear it. */
export function NoMatchingRetainedMessages({ onClearFilter }: { onClearFilter: () => void }) {
  return (
    <NonIdealState
      icon={<FilterRemoveIcon />}
      title={<FormattedMessage id="entity.no-retained-messages-text" />}
      description={<FormattedMessage id="retained-message.no-matching" />}
      action={
        <Button onClick={onClearFilter} data-testid="retained-clear-filter">
          <FormattedMessage id="retained-message.clear-filter-and-search" />
        </Button>
      }
    />
  );
}

/** The broker holds no retained message: what they are, and a command that leaves one. */
export function NoRetainedMessagesYet() {
  const { host, port } = useBrokerMqttAddress();
  const command = firstRetainedCommand(host, port);
  return (
    <NonIdealState
      className="retained-empty"
      icon={<ArchiveIcon />}
      title={<FormattedMessage id="retained-message.none-yet" />}
      description={
        <div>
          <p>
            <FormattedMessage id="retained-message.what-they-are" />
          </p>
          <p>
            <FormattedMessage id="retained-message.create-first" />
          </p>
          <div className="retained-empty__command">
            <code className={Classes.MONOSPACE_TEXT} data-testid="first-retained-command">
              {command}
            </code>
            <CopyButton text={command} size="small" />
          </div>
        </div>
      }
    />
  );
}
