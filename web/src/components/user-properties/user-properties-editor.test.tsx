import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { UserPropertiesEditor } from './user-properties-editor';
import { toMqttUserProperties, type UserProperty } from './user-properties-rules';

function Harness({ initial = [], maxItems }: { initial?: UserProperty[]; maxItems?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <UserPropertiesEditor value={value} onChange={setValue} maxItems={maxItems} />
      <output data-testid="sent">{JSON.stringify(toMqttUserProperties(value))}</output>
    </>
  );
}

const sent = () => JSON.parse(screen.getByTestId('sent').textContent ?? '{}') as unknown;

describe('user properties editor (spec section 3)', () => {
  afterEach(cleanup);

  it('adds rows whose repeated keys are sent as arrays', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByText('No user properties.')).toBeTruthy();
    for (const [number, key, value] of [[1, 'a', '1'], [2, 'a', '2'], [3, 'b', '3']] as const) {
      fireEvent.click(screen.getByRole('button', { name: 'Add property' }));
      fireEvent.change(screen.getByLabelText(`Key of property ${number}`), { target: { value: key } });
      fireEvent.change(screen.getByLabelText(`Value of property ${number}`), { target: { value } });
    }
    expect(sent()).toEqual({ a: ['1', '2'], b: '3' });
  });

  it('removes a row', () => {
    renderWithProviders(<Harness initial={[{ key: 'a', value: '1' }, { key: 'b', value: '2' }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove property 1' }));
    expect(sent()).toEqual({ b: '2' });
  });

  it('adds no more rows than allowed', () => {
    renderWithProviders(<Harness maxItems={1} initial={[{ key: 'a', value: '1' }]} />);
    expect(screen.getByRole('button', { name: 'Add property' })).toHaveProperty('disabled', true);
    expect(screen.getByText('At most 1 user properties.')).toBeTruthy();
  });
});
