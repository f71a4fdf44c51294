import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';

type Qos = 0 | 1 | 2;

interface QosSelectProps {
  id: string;
  value: Qos;
  onChange: (qos: Qos) => void;
}

/** Spec section 3: AT_MOST_ONCE (0), AT_LEAST_ONCE (1), EXACTLY_ONCE (2). */
export function QosSelect({ id, value, onChange }: QosSelectProps) {
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
