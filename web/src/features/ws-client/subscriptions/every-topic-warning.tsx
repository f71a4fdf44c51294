import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';

interface EveryTopicWarningProps {
  /** The filter about to be subscribed; the dialog is closed while null. */
  topicFilter: string | null;
  /** Messages per second the broker handles now; null when not known. */
  brokerMessageRate: number | null;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a subscription takes every topic of a busy broker: the page would receive all its traffic. */
export function EveryTopicWarning({ topicFilter, brokerMessageRate, loading, onConfirm, onCancel }: EveryTopicWarningProps) {
  const intl = useIntl();
  const rate = brokerMessageRate === null ? null : intl.formatNumber(brokerMessageRate, { maximumFractionDigits: 1 });
  return (
    <ConfirmDialog
      isOpen={topicFilter !== null}
      title={<FormattedMessage id="ws-client.subscription.every-topic-title" />}
      message={
        <div data-testid="every-topic-warning">
          <p>
            <FormattedMessage id="ws-client.subscription.every-topic-text" values={{ topicFilter, code: (text) => <code>{text}</code> }} />
          </p>
          <p>
            {rate === null ? <FormattedMessage id="ws-client.subscription.every-topic-rate-unknown" /> : <FormattedMessage id="ws-client.subscription.every-topic-rate" values={{ rate }} />}
          </p>
        </div>
      }
      okLabel={<FormattedMessage id="ws-client.subscription.every-topic-confirm" />}
      intent="warning"
      loading={loading}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
