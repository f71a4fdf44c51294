import { Button, ButtonGroup } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon } from '@blueprintjs/icons';
import { type ReactNode, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useScrollEdges } from './use-scroll-edges';
import './toggle-header.css';

/** Spec section 9: one click on an arrow scrolls by a third of the row's width. */
export const SCROLL_FRACTION = 1 / 3;

export interface ToggleOption<T extends string> {
  value: T;
  label: ReactNode;
}

export interface ToggleHeaderProps<T extends string> {
  options: readonly ToggleOption<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Names the group for screen readers, e.g. the filter it switches. */
  ariaLabel?: string;
}

/**
 * A row of toggle buttons that scrolls sideways when it does not fit (spec section 1, toggle-button
 * header); arrow buttons appear at the overflowing ends.
 */
export function ToggleHeader<T extends string>({ options, value, onChange, ariaLabel }: ToggleHeaderProps<T>) {
  const rowRef = useRef<HTMLDivElement>(null);
  const { atStart, atEnd } = useScrollEdges(rowRef);
  const overflows = !(atStart && atEnd);

  const scroll = (direction: ScrollDirection) => {
    const row = rowRef.current;
    if (row) row.scrollBy({ left: direction * row.clientWidth * SCROLL_FRACTION, behavior: 'smooth' });
  };

  return (
    <div className="toggle-header">
      {overflows && <ScrollArrow direction={-1} disabled={atStart} onClick={scroll} />}
      <div className="toggle-header__row" ref={rowRef}>
        <ButtonGroup role="group" aria-label={ariaLabel}>
          {options.map((option) => (
            <Button
              key={option.value}
              active={option.value === value}
              aria-pressed={option.value === value}
              onClick={() => onChange(option.value)}
            >
              {option.label}
            </Button>
          ))}
        </ButtonGroup>
      </div>
      {overflows && <ScrollArrow direction={1} disabled={atEnd} onClick={scroll} />}
    </div>
  );
}

type ScrollDirection = -1 | 1;

function ScrollArrow(props: { direction: ScrollDirection; disabled: boolean; onClick: (direction: ScrollDirection) => void }) {
  const { direction, disabled, onClick } = props;
  const intl = useIntl();
  return (
    <Button
      variant="minimal"
      icon={direction < 0 ? <ChevronLeftIcon /> : <ChevronRightIcon />}
      disabled={disabled}
      aria-label={intl.formatMessage({ id: direction < 0 ? 'toggle-header.scroll-left' : 'toggle-header.scroll-right' })}
      onClick={() => onClick(direction)}
    />
  );
}
