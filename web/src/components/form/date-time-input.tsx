import { InputGroup } from '@blueprintjs/core';

const pad = (value: number) => String(value).padStart(2, '0');

/** Epoch milliseconds as the local "YYYY-MM-DDTHH:mm" a datetime-local input shows. */
export function dateTimeLocalOf(timestamp: number | undefined): string {
  if (timestamp === undefined) return '';
  const date = new Date(timestamp);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local input's value as epoch milliseconds; undefined while empty or incomplete. */
export function timestampOfDateTimeLocal(text: string): number | undefined {
  if (text === '') return undefined;
  const timestamp = new Date(text).getTime();
  return Number.isNaN(timestamp) ? undefined : timestamp;
}

interface DateTimeInputProps {
  id: string;
  value: number | undefined;
  onChange: (timestamp: number | undefined) => void;
  'aria-label'?: string;
  invalid?: boolean;
}

/** A moment in the reader's time zone, to the minute, held as epoch milliseconds. */
export function DateTimeInput({ id, value, onChange, invalid = false, ...labelProps }: DateTimeInputProps) {
  return (
    <InputGroup
      {...labelProps}
      id={id}
      type="datetime-local"
      value={dateTimeLocalOf(value)}
      intent={invalid ? 'danger' : 'none'}
      aria-invalid={invalid}
      onValueChange={(text) => onChange(timestampOfDateTimeLocal(text))}
    />
  );
}
