import { Checkbox, FormGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';

interface FilterChoiceListProps<Value> {
  label: ReactNode;
  className?: string;
  choices: readonly { value: Value; label: string }[];
  selected: readonly Value[];
  onChange: (selected: Value[]) => void;
}

/** Tick boxes for a list filter: nothing ticked means no restriction. */
export function FilterChoiceList<Value extends string | number | boolean>({ label, className, choices, selected, onChange }: FilterChoiceListProps<Value>) {
  const toggle = (value: Value, ticked: boolean) => onChange(ticked ? [...selected, value] : selected.filter((other) => other !== value));
  return (
    <FormGroup label={label} className={className}>
      {choices.map((choice) => (
        <Checkbox
          key={String(choice.value)}
          inline
          label={choice.label}
          checked={selected.includes(choice.value)}
          onChange={(event) => toggle(choice.value, event.currentTarget.checked)}
        />
      ))}
    </FormGroup>
  );
}
