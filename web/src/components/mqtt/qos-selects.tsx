import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';

type Qos = 0 | 1 | 2;
type RetainHandling = 0 | 1 | 2;

interface LevelSelectProps<Level extends number> {
  id: string;
  value: Level;
  onChange: (level: Level) => void;
}

/** Spec section 3: AT_MOST_ONCE (0), AT_LEAST_ONCE (1), EXACTLY_ONCE (2). */
export function QosSelect({ id, value, onChange }: LevelSelectProps<Qos>) {
  const intl = useIntl();
  return (
    <FormGroup label={<FormattedMessage id="subscription.qos" />} labelFor={id}>
      <HTMLSelect id={id} fill value={value} onChange={(event) => onChange(Number(event.target.value) as Qos)}>
        {([0, 1, 2] as const).map((qos) => (
          <option key={qos} value={qos}>
            {intl.formatMessage({ id: `subscription.qos-${qos}` })}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

/** MQTT 5 Retain Handling (spec section 3, options 0, 1, 2): when retained messages are sent on subscribing. */
export function RetainHandlingSelect({ id, value, onChange }: LevelSelectProps<RetainHandling>) {
  const intl = useIntl();
  return (
    <FormGroup label={<FormattedMessage id="subscription.retain-handling" />} labelFor={id}>
      <HTMLSelect id={id} fill value={value} onChange={(event) => onChange(Number(event.target.value) as RetainHandling)}>
        {([0, 1, 2] as const).map((handling) => (
          <option key={handling} value={handling}>
            {intl.formatMessage({ id: `subscription.retain-handling-${handling}` })}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
