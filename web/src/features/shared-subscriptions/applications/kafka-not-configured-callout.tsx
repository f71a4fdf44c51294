import { Callout } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';

/** The node's setting that names its Kafka cluster (ARCHITECTURE.md, configuration). */
const KAFKA_BOOTSTRAP_SETTING = 'STARLING_KAFKA_BOOTSTRAP';

/** Kafka is not configured: said where the administrator meets it, with the setting that fixes it. */
export function KafkaNotConfiguredCallout() {
  const intl = useIntl();
  return (
    <Callout intent="warning" compact role="status" title={intl.formatMessage({ id: 'app-shared-subscription.kafka-not-configured-title' })} data-testid="kafka-not-configured">
      <FormattedMessage id="app-shared-subscription.kafka-not-configured-text" values={{ setting: <code>{KAFKA_BOOTSTRAP_SETTING}</code> }} />
    </Callout>
  );
}
