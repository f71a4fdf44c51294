import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { type KeyValueListMessages, type KeyValuePair, KeyValueListEditor } from './key-value-list-editor';

const messages = {
  list: { id: 'auth-provider.header-list' },
  empty: { id: 'auth-provider.header-empty' },
  key: { id: 'auth-provider.header-name' },
  value: { id: 'auth-provider.header-value' },
  keyOf: { id: 'auth-provider.header-name-of' },
  valueOf: { id: 'auth-provider.header-value-of' },
  remove: { id: 'auth-provider.header-remove' },
  add: { id: 'auth-provider.header-add' },
  maxReached: { id: 'auth-provider.pairs-max-reached' },
} satisfies KeyValueListMessages;

function Harness({ initial, invalidKeys, maxItems = 5 }: { initial: KeyValuePair[]; invalidKeys?: number[]; maxItems?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <KeyValueListEditor value={value} onChange={setValue} messages={messages} maxItems={maxItems} invalidKeys={invalidKeys} />
      <output data-testid="pairs">{JSON.stringify(value)}</output>
    </>
  );
}

const pairs = () => JSON.parse(screen.getByTestId('pairs').textContent ?? '[]') as KeyValuePair[];

describe('key/value list editor', () => {
  afterEach(cleanup);

  it('adds, edits and removes rows with the labels of its kind of list', () => {
    renderWithProviders(<Harness initial={[]} />);
    expect(screen.getByText('No headers.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add header' }));
    fireEvent.change(screen.getByLabelText('Name of header 1'), { target: { value: 'Accept' } });
    fireEvent.change(screen.getByLabelText('Value of header 1'), { target: { value: 'application/json' } });
    expect(pairs()).toEqual([{ key: 'Accept', value: 'application/json' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove header 1' }));
    expect(pairs()).toEqual([]);
  });

  it('marks the keys it is told are wrong, and adds no row past the most allowed', () => {
    renderWithProviders(<Harness initial={[{ key: 'a', value: '1' }, { key: 'a', value: '2' }]} invalidKeys={[1]} maxItems={2} />);
    expect(screen.getByLabelText('Name of header 1').getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByLabelText('Name of header 2').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Add header' })).toHaveProperty('disabled', true);
    expect(screen.getByText('At most 2 entries.')).toBeTruthy();
  });
});
