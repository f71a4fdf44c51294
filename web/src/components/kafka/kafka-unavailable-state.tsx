import { Callout, Classes, NonIdealState } from '@blueprintjs/core';
import { DataConnectionIcon, OfflineIcon } from '@blueprintjs/icons';
import { FormattedMessage } from 'react-intl';
import { DocsButton } from '../docs/docs-button';
import type { KafkaUnavailable } from './kafka-availability';
import './kafka-unavailable-state.css';

/** The setting's name, the same in every language. */
const BOOTSTRAP_NAME = 'STARLING_KAFKA_BOOTSTRAP';
const BOOTSTRAP_SETTING = <code>{BOOTSTRAP_NAME}</code>;

/**
 * What a Kafka page shows instead of its list when the broker has no Kafka (what Kafka is for here
 * and the setting to set) or cannot reach it (and why not).
 */
export function KafkaUnavailableState({ unavailable }: { unavailable: KafkaUnavailable }) {
  const notConfigured = unavailable.reason === 'not-configured';
  return (
    <NonIdealState
      className="kafka-unavailable"
      icon={notConfigured ? <DataConnectionIcon /> : <OfflineIcon />}
      title={<FormattedMessage id={notConfigured ? 'kafka.not-configured-title' : 'kafka.unreachable-title'} />}
      description={
        <div className="kafka-unavailable__text" data-testid={`kafka-${unavailable.reason}`}>
          <p>
            <FormattedMessage id="kafka.purpose" />
          </p>
          <p>
            <FormattedMessage id={notConfigured ? 'kafka.not-configured-text' : 'kafka.unreachable-text'} values={{ setting: BOOTSTRAP_SETTING }} />
          </p>
          {unavailable.reason === 'unreachable' && (
            <Callout intent="warning" compact className="kafka-unavailable__reason">
              {unavailable.message}
            </Callout>
          )}
        </div>
      }
      action={
        <span className="kafka-unavailable__docs">
          <FormattedMessage id="kafka.read-docs" />
          <DocsButton page="kafka" size="small" />
        </span>
      }
    />
  );
}

/** The same explanation in a line or two, for the home cards. */
export function KafkaUnavailableNote({ unavailable }: { unavailable: KafkaUnavailable }) {
  return (
    <p className={`kafka-unavailable-note ${Classes.TEXT_MUTED}`} data-testid={`kafka-${unavailable.reason}`}>
      {unavailable.reason === 'not-configured' ? (
        <FormattedMessage id="kafka.not-configured-note" values={{ setting: BOOTSTRAP_SETTING }} />
      ) : (
        <FormattedMessage id="kafka.unreachable-note" values={{ message: unavailable.message }} />
      )}
    </p>
  );
}
