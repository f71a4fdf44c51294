import { FormGroup, InputGroup } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { FormattedMessage, type IntlShape, type MessageDescriptor, useIntl } from 'react-intl';
import { checkInterval, type IntervalError, type IntervalParts, normalise, toMilliseconds, toParts, wholeSecondBound } from './interval-rules';
import './interval-input.css';

const messages = {
  days: { id: 'interval.days' },
  hours: { id: 'unit.hours' },
  minutes: { id: 'unit.minutes' },
  seconds: { id: 'unit.seconds' },
  required: { id: 'interval.required' },
  notPositive: { id: 'interval.not-positive' },
  belowMin: { id: 'interval.below-min' },
  aboveMax: { id: 'interval.above-max' },
} satisfies Record<string, MessageDescriptor>;

const FIELDS = ['days', 'hours', 'minutes', 'seconds'] as const satisfies readonly (keyof IntervalParts)[];
/** The unit each field's amount is told in when a bound is shown, as Intl names it. */
const INTL_UNIT = { days: 'day', hours: 'hour', minutes: 'minute', seconds: 'second' } as const;

type FieldTexts = Record<keyof IntervalParts, string>;

const EMPTY: FieldTexts = { days: '', hours: '', minutes: '', seconds: '' };

function textsFor(ms: number | null): FieldTexts {
  if (ms === null) return EMPTY;
  const parts = toParts(ms);
  return { days: String(parts.days), hours: String(parts.hours), minutes: String(parts.minutes), seconds: String(parts.seconds) };
}

/** The interval the fields hold, carried and borrowed; null when all are empty. */
function millisecondsOf(texts: FieldTexts): number | null {
  if (FIELDS.every((field) => texts[field].trim() === '')) return null;
  const amount = (field: keyof IntervalParts) => {
    const number = Number(texts[field]);
    return Number.isFinite(number) ? number : 0;
  };
  return toMilliseconds(normalise({ days: amount('days'), hours: amount('hours'), minutes: amount('minutes'), seconds: amount('seconds') }));
}

/** An interval as its non-zero units, e.g. "1 minute, 30 seconds". */
export function intervalText(intl: IntlShape, ms: number): string {
  const parts = toParts(ms);
  const units = FIELDS.filter((field) => parts[field] > 0);
  const shown = units.length > 0 ? units : (['seconds'] as const);
  return intl.formatList(
    shown.map((field) => intl.formatNumber(parts[field], { style: 'unit', unit: INTL_UNIT[field], unitDisplay: 'long' })),
    { type: 'unit', style: 'long' },
  );
}

function errorText(intl: IntlShape, error: IntervalError, min: number | undefined, max: number | undefined): string {
  if (error === 'required') return intl.formatMessage(messages.required);
  if (error === 'not-positive') return intl.formatMessage(messages.notPositive);
  if (error === 'below-min') return intl.formatMessage(messages.belowMin, { limit: intervalText(intl, wholeSecondBound(min ?? 0, error)) });
  return intl.formatMessage(messages.aboveMax, { limit: intervalText(intl, wholeSecondBound(max ?? 0, error)) });
}

export interface IntervalInputProps {
  /** In milliseconds; null when empty. */
  value: number | null;
  onChange(ms: number | null): void;
  /** In milliseconds. */
  min?: number;
  /** In milliseconds. */
  max?: number;
  required?: boolean;
  disabled?: boolean;
  label?: string;
}

/**
 * An interval as days, hours, minutes and seconds (spec section 5): a field that is left carries into
 * and borrows from the others, and the total is checked against the bounds.
 */
export function IntervalInput({ value, onChange, min, max, required = false, disabled = false, label }: IntervalInputProps) {
  const intl = useIntl();
  const id = useId();
  // The typed text is kept until the field is left, so "90" seconds stays until then.
  const [texts, setTexts] = useState<FieldTexts>(() => textsFor(value));
  const [shown, setShown] = useState(value);
  if (!Object.is(shown, value)) {
    setShown(value);
    if (millisecondsOf(texts) !== value) setTexts(textsFor(value));
  }
  const error = checkInterval(value, { min, max, required });
  const message = error ? errorText(intl, error, min, max) : undefined;

  const type = (field: keyof IntervalParts, text: string) => {
    const next = { ...texts, [field]: text };
    setTexts(next);
    const ms = millisecondsOf(next);
    if (ms !== value) onChange(ms);
  };

  return (
    <FormGroup label={label} labelInfo={required ? '*' : undefined} helperText={message} intent={message ? 'danger' : 'none'}>
      <div className="interval-input" role="group" aria-label={label}>
        {FIELDS.map((field) => (
          <div key={field} className="interval-input__part">
            <label className="interval-input__label" htmlFor={`${id}-${field}`}>
              <FormattedMessage {...messages[field]} />
            </label>
            <InputGroup
              id={`${id}-${field}`}
              type="number"
              inputMode="numeric"
              step={1}
              value={texts[field]}
              disabled={disabled}
              intent={message ? 'danger' : 'none'}
              aria-invalid={Boolean(message)}
              onValueChange={(text) => type(field, text)}
              onBlur={() => setTexts(textsFor(millisecondsOf(texts)))}
            />
          </div>
        ))}
      </div>
    </FormGroup>
  );
}
