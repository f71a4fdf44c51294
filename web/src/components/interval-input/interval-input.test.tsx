import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { IntervalInput, type IntervalInputProps } from './interval-input';

function Aggregation({ initial, onValue, ...bounds }: { initial: number | null; onValue: (ms: number | null) => void } & Pick<IntervalInputProps, 'min' | 'max' | 'required'>) {
  const [value, setValue] = useState(initial);
  return (
    <IntervalInput
      label="Aggregation interval"
      value={value}
      {...bounds}
      onChange={(ms) => {
        setValue(ms);
        onValue(ms);
      }}
    />
  );
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const shownParts = () => ['days', 'hours', 'minutes', 'seconds'].map((name) => field(name).value);

describe('interval input (spec section 5)', () => {
  afterEach(cleanup);

  it('carries 90 seconds into 1 minute 30 seconds when the field is left', () => {
    const onValue = vi.fn();
    renderWithProviders(<Aggregation initial={null} onValue={onValue} />);
    fireEvent.change(field('seconds'), { target: { value: '90' } });
    expect(field('seconds').value).toBe('90');
    fireEvent.blur(field('seconds'));
    expect(shownParts()).toEqual(['0', '0', '1', '30']);
    expect(onValue).toHaveBeenLastCalledWith(90_000);
  });

  it('borrows a negative value from the larger unit', () => {
    const onValue = vi.fn();
    renderWithProviders(<Aggregation initial={60_000} onValue={onValue} />);
    fireEvent.change(field('seconds'), { target: { value: '-1' } });
    fireEvent.blur(field('seconds'));
    expect(shownParts()).toEqual(['0', '0', '0', '59']);
    expect(onValue).toHaveBeenLastCalledWith(59_000);
  });

  it('refuses a total of 0', () => {
    const onValue = vi.fn();
    renderWithProviders(<Aggregation initial={5_000} onValue={onValue} />);
    fireEvent.change(field('seconds'), { target: { value: '0' } });
    expect(onValue).toHaveBeenLastCalledWith(0);
    expect(screen.getByText('The interval must be longer than 0 seconds.')).toBeTruthy();
  });

  it('tells the bound an interval breaks', () => {
    renderWithProviders(<Aggregation initial={5_000} min={7_200} max={514_285} onValue={vi.fn()} />);
    expect(screen.getByText('At least 8 seconds.')).toBeTruthy();
    fireEvent.change(field('minutes'), { target: { value: '9' } });
    expect(screen.getByText('At most 8 minutes, 34 seconds.')).toBeTruthy();
    fireEvent.change(field('minutes'), { target: { value: '2' } });
    expect(screen.queryByText(/^At (least|most)/)).toBeNull();
  });

  it('requires an interval only when asked', () => {
    const { unmount } = renderWithProviders(<Aggregation initial={null} required onValue={vi.fn()} />);
    expect(screen.getByText('An interval is required.')).toBeTruthy();
    unmount();
    renderWithProviders(<Aggregation initial={null} onValue={vi.fn()} />);
    expect(screen.queryByText('An interval is required.')).toBeNull();
  });
});
