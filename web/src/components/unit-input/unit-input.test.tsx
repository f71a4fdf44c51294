import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { DataSizeInput, DurationInput } from './unit-input';
import type { DurationUnit } from './unit-rules';

function Keepalive({ onValue }: { onValue: (value: number | null, unit: DurationUnit) => void }) {
  const [state, setState] = useState<{ value: number | null; unit: DurationUnit }>({ value: 120, unit: 'SECONDS' });
  return (
    <DurationInput
      label="Keep alive"
      value={state.value}
      unit={state.unit}
      units={['SECONDS', 'MINUTES', 'HOURS']}
      max={65535}
      onChange={(value, unit) => {
        setState({ value, unit });
        onValue(value, unit);
      }}
    />
  );
}

const unitSelect = () => screen.getByRole('combobox', { name: 'Unit' });

describe('duration and data-size inputs (spec sections 3 and 9)', () => {
  afterEach(cleanup);

  it('keeps the amount when the unit changes and it is whole in the new unit', () => {
    const onValue = vi.fn();
    renderWithProviders(<Keepalive onValue={onValue} />);
    fireEvent.change(unitSelect(), { target: { value: 'MINUTES' } });
    expect(onValue).toHaveBeenLastCalledWith(2, 'MINUTES');
    expect(screen.getByLabelText('Keep alive')).toHaveProperty('value', '2');
  });

  it('names the broken limit in the chosen unit', () => {
    renderWithProviders(<Keepalive onValue={vi.fn()} />);
    fireEvent.change(unitSelect(), { target: { value: 'HOURS' } });
    fireEvent.change(screen.getByLabelText('Keep alive'), { target: { value: '19' } });
    expect(screen.getByText('At most 18.204 hours.')).toBeTruthy();
  });

  it('passes an empty field on as null', () => {
    const onValue = vi.fn();
    renderWithProviders(<Keepalive onValue={onValue} />);
    fireEvent.change(screen.getByLabelText('Keep alive'), { target: { value: '' } });
    expect(onValue).toHaveBeenLastCalledWith(null, 'SECONDS');
  });

  it('offers bytes, KB and MB for a data size and checks its maximum in bytes', () => {
    renderWithProviders(<DataSizeInput label="Maximum packet size" value={300} unit="KILOBYTE" max={256 * 1024} onChange={vi.fn()} />);
    expect([...unitSelect().querySelectorAll('option')].map((option) => option.textContent)).toEqual(['bytes', 'KB', 'MB', 'GB']);
    expect(screen.getByText('At most 256 KB.')).toBeTruthy();
  });
});
