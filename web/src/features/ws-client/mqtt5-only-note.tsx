import { Callout } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { mqttVersionName } from '../../components/mqtt/mqtt-version';

/** Why a group of MQTT 5 settings is disabled: the connection speaks an older version. */
export function Mqtt5OnlyNote({ mqttVersion }: { mqttVersion: number }) {
  if (mqttVersion >= 5) return null;
  return (
    <Callout compact intent="none" className="ws-client__mqtt5-note" data-testid="mqtt5-only-note">
      <FormattedMessage id="ws-client.mqtt5-only" values={{ version: mqttVersionName(mqttVersion) }} />
    </Callout>
  );
}
