import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';
import { AGGREGATION_INTERVALS } from '../../interval-input/interval-constants';
import { IntervalInput, intervalText } from '../../interval-input/interval-input';
import { DURATION_SCALE } from '../../unit-input/unit-rules';
import { LAST_INTERVAL_BOUNDS } from '../model/interval-bounds';

const messages = {
  lastInterval: { id: 'timewindow.last-interval' },
  custom: { id: 'timewindow.custom' },
} satisfies Record<string, MessageDescriptor>;

/** The lengths a select offers: the aggregation intervals from one minute up. */
export const COMMON_LAST_INTERVALS: readonly number[] = AGGREGATION_INTERVALS.filter((ms) => ms >= DURATION_SCALE.MINUTES);

const CUSTOM = 'custom';

export interface LastIntervalFieldProps {
  /** In milliseconds; null while the custom fields are empty. */
  value: number | null;
  onChange(ms: number | null): void;
  disabled?: boolean;
}

/** A window's length up to now: a common length, or any length as days, hours, minutes and seconds. */
export function LastIntervalField({ value, onChange, disabled = false }: LastIntervalFieldProps) {
  const intl = useIntl();
  const id = useId();
  const [custom, setCustom] = useState(() => value === null || !COMMON_LAST_INTERVALS.includes(value));

  const choose = (choice: string) => {
    setCustom(choice === CUSTOM);
    if (choice !== CUSTOM) onChange(Number(choice));
  };

  return (
    <>
      <FormGroup label={intl.formatMessage(messages.lastInterval)} labelFor={id}>
        <HTMLSelect id={id} fill value={custom ? CUSTOM : String(value)} disabled={disabled} onChange={(event) => choose(event.target.value)}>
          {COMMON_LAST_INTERVALS.map((ms) => (
            <option key={ms} value={String(ms)}>
              {intervalText(intl, ms)}
            </option>
          ))}
          <option value={CUSTOM}>{intl.formatMessage(messages.custom)}</option>
        </HTMLSelect>
      </FormGroup>
      {custom && <IntervalInput value={value} onChange={onChange} {...LAST_INTERVAL_BOUNDS} required disabled={disabled} />}
    </>
  );
}
