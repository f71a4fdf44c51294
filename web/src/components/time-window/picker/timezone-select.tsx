import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useId, useMemo } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';
import { checkTimezone } from '../model/timewindow-rules';
import { supportedTimezones } from '../zoned-time/zoned-time';

const messages = {
  timezone: { id: 'timezone.timezone' },
  choose: { id: 'timezone.choose' },
  required: { id: 'timezone.timezone-required' },
  unknown: { id: 'timezone.timezone-unknown' },
} satisfies Record<string, MessageDescriptor>;

export interface TimezoneSelectProps {
  /** An IANA zone name; empty when none is chosen. */
  value: string;
  onChange(timezone: string): void;
  disabled?: boolean;
}

/** The zones the browser knows (spec section 5: required, 'timezone.timezone-required'). */
export function TimezoneSelect({ value, onChange, disabled = false }: TimezoneSelectProps) {
  const intl = useIntl();
  const id = useId();
  const zones = useMemo(() => supportedTimezones(), []);
  const problem = checkTimezone(value);
  const error = problem === 'required' ? intl.formatMessage(messages.required) : problem === 'unknown' ? intl.formatMessage(messages.unknown) : undefined;
  // A stored zone the list lacks stays visible, so that the user sees what to replace.
  const listed = value === '' || zones.includes(value) ? zones : [value, ...zones];

  return (
    <FormGroup label={intl.formatMessage(messages.timezone)} labelFor={id} labelInfo="*" helperText={error} intent={error ? 'danger' : 'none'}>
      <HTMLSelect id={id} fill value={value} disabled={disabled} aria-invalid={Boolean(error)} onChange={(event) => onChange(event.target.value)}>
        {value === '' && <option value="">{intl.formatMessage(messages.choose)}</option>}
        {listed.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
