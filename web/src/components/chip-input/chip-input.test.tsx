import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { ChipInput, type ChipInputProps } from './chip-input';
import { AUTOCOMPLETE_DEBOUNCE_MS } from './chip-input-rules';

type Options = Partial<Omit<ChipInputProps, 'values' | 'onValuesChange'>> & { initial?: string[] };

/** A chip input holding its own values, as a form would. */
function Harness({ initial = [], ...props }: Options) {
  const [values, setValues] = useState(initial);
  return <ChipInput id="topics" label="topics" {...props} values={values} onValuesChange={setValues} />;
}

const input = () => screen.getByRole('combobox');
const chips = () => screen.queryAllByTestId('chip').map((chip) => chip.textContent);
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const press = (key: string) => fireEvent.keyDown(input(), { key });

describe('chip input (spec section 5)', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it.each(['Enter', ',', ';'])('adds the typed value as a trimmed chip on %s', (key) => {
    renderWithProviders(<Harness />);
    type('  sensors/.*  ');
    press(key);
    expect(chips()).toEqual(['sensors/.*']);
    expect(input()).toHaveProperty('value', '');
  });

  it('ignores a value already in the list', () => {
    renderWithProviders(<Harness initial={['a']} />);
    type('a');
    press('Enter');
    expect(chips()).toEqual(['a']);
  });

  it('refuses a value outside the list unless addValueOutOfList, keeping it in the input with an error', () => {
    renderWithProviders(<Harness options={['DEVICE', 'APPLICATION']} addValueOutOfList={false} />);
    type('PRINTER');
    press('Enter');
    expect(chips()).toEqual([]);
    expect(input()).toHaveProperty('value', 'PRINTER');
    expect(screen.getByText('“PRINTER” is not one of the values offered.')).toBeTruthy();
  });

  it('shows the empty-list error of a required list once it was left empty', () => {
    renderWithProviders(<Harness required requiredError="Add at least one topic." initial={['a']} />);
    fireEvent.click(screen.getByLabelText('Remove a'));
    expect(screen.queryByText('Add at least one topic.')).toBeNull();
    fireEvent.blur(input());
    expect(screen.getByText('Add at least one topic.')).toBeTruthy();
  });

  it('shows an error its form has about the whole list in place of the hint, marking the field invalid', () => {
    renderWithProviders(<Harness error="At most 2 rules." helperText="Regular expressions." initial={['a', 'b', 'c']} />);
    expect(screen.getByText('At most 2 rules.')).toBeTruthy();
    expect(screen.queryByText('Regular expressions.')).toBeNull();
    expect(input().getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the empty-list error at once when the form asks for errors', () => {
    renderWithProviders(<Harness required showErrors />);
    expect(screen.getByText('At least one value is required.')).toBeTruthy();
  });

  it('suggests options by case-insensitive prefix 150 ms after typing, and adds the one chosen with the keyboard', () => {
    vi.useFakeTimers();
    renderWithProviders(<Harness options={['Sensors/.*', 'sensors/#', 'alerts/.*']} />);
    fireEvent.focus(input());
    type('SEN');
    act(() => vi.advanceTimersByTime(AUTOCOMPLETE_DEBOUNCE_MS - 1));
    expect(screen.queryByRole('listbox')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Sensors/.*', 'sensors/#']);
    press('ArrowDown');
    press('ArrowDown');
    press('Enter');
    expect(chips()).toEqual(['sensors/#']);
  });

  it('refuses a value its own check rejects, naming the problem', () => {
    renderWithProviders(<Harness checkValue={(value) => (value.includes('[') ? 'not a regular expression' : undefined)} />);
    type('a[');
    press('Enter');
    expect(chips()).toEqual([]);
    expect(screen.getByText('“a[” is refused: not a regular expression')).toBeTruthy();
  });

  it('removes the last chip with Backspace in an empty input', () => {
    renderWithProviders(<Harness initial={['a', 'b']} />);
    press('Backspace');
    expect(chips()).toEqual(['a']);
  });
});
