import { InputGroup } from '@blueprintjs/core';
import { dateTimeTextOf, isKnownTimezone, timestampOfDateTimeText } from '../zoned-time/zoned-time';

export interface ZonedDateTimeInputProps {
  id: string;
  /** Epoch milliseconds; null while empty. */
  value: number | null;
  onChange(timestamp: number | null): void;
  /** The zone whose wall clock the input shows; an unknown zone shows UTC. */
  timezone: string;
  invalid?: boolean;
  disabled?: boolean;
}

/** A moment to the second, typed on the wall clock of the time window's zone. */
export function ZonedDateTimeInput({ id, value, onChange, timezone, invalid = false, disabled = false }: ZonedDateTimeInputProps) {
  const zone = isKnownTimezone(timezone) ? timezone : 'UTC';
  return (
    <InputGroup
      id={id}
      type="datetime-local"
      step={1}
      value={value === null ? '' : dateTimeTextOf(value, zone)}
      disabled={disabled}
      intent={invalid ? 'danger' : 'none'}
      aria-invalid={invalid}
      onValueChange={(text) => onChange(timestampOfDateTimeText(text, zone))}
    />
  );
}
