import { Checkbox, FormGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface FilterChoice<Value> {
  value: Value;
  label: string;
}

interface CheckboxListFilterProps<Value> {
  label: ReactNode;
  choices: readonly FilterChoice<Value>[];
  selected: readonly Value[];
  onChange: (selected: Value[]) => void;
}

/** One list filter as checkboxes; none ticked means no filtering. */
export function CheckboxListFilter<Value>({ label, choices, selected, onChange }: CheckboxListFilterProps<Value>) {
  return (
    <FormGroup label={label}>
      {choices.map((choice) => (
        <Checkbox
          key={String(choice.value)}
          label={choice.label}
          checked={selected.includes(choice.value)}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            // Kept in the order of the choices, so that the URL does not depend on the order of clicks.
            onChange(choices.map((other) => other.value).filter((value) => (value === choice.value ? checked : selected.includes(value))));
          }}
        />
      ))}
    </FormGroup>
  );
}
