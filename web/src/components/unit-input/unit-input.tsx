import { ControlGroup, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { type MessageDescriptor, type IntlShape, useIntl } from 'react-intl';
import {
  checkUnitValue,
  convertOnUnitChange,
  DATA_SIZE_SCALE,
  DATA_SIZE_UNITS,
  type DataSizeUnit,
  DURATION_SCALE,
  DURATION_UNITS,
  type DurationUnit,
  type UnitProblem,
  type UnitScale,
} from './unit-rules';
import './unit-input.css';

const messages = {
  unit: { id: 'unit.unit' },
  required: { id: 'unit.value-required' },
  notWhole: { id: 'unit.not-whole' },
  belowMin: { id: 'unit.below-min' },
  aboveMax: { id: 'unit.above-max' },
  MILLISECONDS: { id: 'unit.milliseconds' },
  SECONDS: { id: 'unit.seconds' },
  MINUTES: { id: 'unit.minutes' },
  HOURS: { id: 'unit.hours' },
  BYTE: { id: 'unit.b' },
  KILOBYTE: { id: 'unit.kb' },
  MEGABYTE: { id: 'unit.mb' },
  GIGABYTE: { id: 'unit.gb' },
} satisfies Record<string, MessageDescriptor>;

type UnitName = DurationUnit | DataSizeUnit;

const unitName = (unit: UnitName): MessageDescriptor => messages[unit];

interface UnitInputProps<U extends UnitName> {
  value: number | null;
  unit: U;
  onChange(value: number | null, unit: U): void;
  /** The units offered; all of the kind by default. */
  units?: readonly U[];
  /** In the smallest unit offered. */
  min?: number;
  /** In the smallest unit offered, e.g. seconds. */
  max?: number;
  label?: string;
  required?: boolean;
  disabled?: boolean;
  id?: string;
  /** Shown under the field when it has no error. */
  helperText?: string;
}

export type DurationInputProps = UnitInputProps<DurationUnit>;
export type DataSizeInputProps = UnitInputProps<DataSizeUnit>;

function problemText(intl: IntlShape, problem: UnitProblem<UnitName>): string {
  if (problem.kind === 'required') return intl.formatMessage(messages.required);
  const unit = intl.formatMessage(unitName(problem.unit));
  if (problem.kind === 'not-whole') return intl.formatMessage(messages.notWhole, { unit });
  return intl.formatMessage(problem.kind === 'below-min' ? messages.belowMin : messages.aboveMax, { limit: problem.limit, unit });
}

const parseNumber = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** A number with its unit (spec sections 3 and 9); a unit change keeps the amount when it is whole in the new unit. */
function UnitInput<U extends UnitName>({ value, unit, onChange, units, min, max, label, required = false, disabled = false, id, helperText, scale, allUnits }: UnitInputProps<U> & { scale: UnitScale<U>; allUnits: readonly U[] }) {
  const intl = useIntl();
  const ownId = useId();
  const inputId = id ?? ownId;
  const offered = units ?? allUnits;
  // Text such as "1." or "-" is kept while typing; the number it gives goes to the form.
  const [text, setText] = useState(value === null ? '' : String(value));
  const [shown, setShown] = useState(value);
  if (!Object.is(shown, value)) {
    setShown(value);
    if (parseNumber(text) !== value) setText(value === null ? '' : String(value));
  }
  const problem = checkUnitValue(value, unit, { units: offered, scale, min, max, required });
  const error = problem ? problemText(intl, problem) : undefined;

  return (
    <FormGroup label={label} labelFor={inputId} labelInfo={required ? '*' : undefined} helperText={error ?? helperText} intent={error ? 'danger' : 'none'}>
      <ControlGroup className="unit-input">
        <InputGroup
          id={inputId}
          className="unit-input__number"
          type="number"
          inputMode="decimal"
          value={text}
          disabled={disabled}
          intent={error ? 'danger' : 'none'}
          aria-invalid={Boolean(error)}
          aria-label={label ? undefined : intl.formatMessage(messages.unit)}
          onValueChange={(typed) => {
            setText(typed);
            const number = parseNumber(typed);
            onChange(number !== null && Number.isNaN(number) ? null : number, unit);
          }}
        />
        <HTMLSelect
          aria-label={intl.formatMessage(messages.unit)}
          value={unit}
          disabled={disabled}
          options={offered.map((option) => ({ value: option, label: intl.formatMessage(unitName(option)) }))}
          onChange={(event) => {
            const next = event.target.value as U;
            onChange(convertOnUnitChange(value, unit, next, scale), next);
          }}
        />
      </ControlGroup>
    </FormGroup>
  );
}

/** A duration in milliseconds, seconds, minutes or hours (spec section 3). */
export function DurationInput(props: DurationInputProps) {
  return <UnitInput {...props} scale={DURATION_SCALE} allUnits={DURATION_UNITS} />;
}

/** A data size in bytes, KB, MB or GB, where 1 KB is 1024 bytes (spec section 9). */
export function DataSizeInput(props: DataSizeInputProps) {
  return <UnitInput {...props} scale={DATA_SIZE_SCALE} allUnits={DATA_SIZE_UNITS} />;
}
