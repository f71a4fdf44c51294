import { InputGroup } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';

/** The search box of a list toolbar; the label names what it searches. */
export function ListSearch({ label, value, onValueChange }: { label: string; value: string; onValueChange: (value: string) => void }) {
  return (
    <InputGroup
      type="search"
      leftIcon={<SearchIcon />}
      placeholder={label}
      aria-label={label}
      value={value}
      onValueChange={onValueChange}
      className="client-access__search"
    />
  );
}
