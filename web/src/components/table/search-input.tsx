import { InputGroup } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';

interface SearchInputProps {
  /** Both the placeholder and the accessible name, e.g. an entity's search label (spec section 3). */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  className?: string;
}

/** The search box above a list. */
export function SearchInput({ label, value, onValueChange, className }: SearchInputProps) {
  return <InputGroup type="search" leftIcon={<SearchIcon />} placeholder={label} aria-label={label} value={value} onValueChange={onValueChange} className={className} />;
}
