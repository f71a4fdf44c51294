import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { ValueInput, type ValueInputProps } from './value-input';

vi.mock('../json-editor/monaco-json-editor', () => ({ default: () => null }));

type Options = Partial<Omit<ValueInputProps, 'value' | 'onChange'>> & { initial?: unknown; onValue?: (value: unknown) => void };

/** A value input whose form keeps the value, as the web-socket client's forms do. */
function Harness({ initial = '', onValue, ...props }: Options) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <ValueInput
      {...props}
      label="Payload"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const text = () => screen.getByLabelText<HTMLTextAreaElement>(/^Payload/);
const type = (value: string) => fireEvent.change(text(), { target: { value } });
const choose = (name: 'String' | 'JSON') => fireEvent.click(screen.getByRole('radio', { name }));

describe('value input (spec sections 4 and 5)', () => {
  afterEach(cleanup);

  it('resets to an empty object when switched to JSON and to an empty string when switched back', () => {
    const onValue = vi.fn();
    const onValueTypeChange = vi.fn();
    renderWithProviders(<Harness initial="21.5" onValue={onValue} onValueTypeChange={onValueTypeChange} />);
    choose('JSON');
    expect(onValue).toHaveBeenLastCalledWith({});
    expect(onValueTypeChange).toHaveBeenLastCalledWith('JSON');
    expect(text().value).toBe('{}');
    choose('String');
    expect(onValue).toHaveBeenLastCalledWith('');
    expect(text().value).toBe('');
  });

  it('emits null for invalid JSON and shows the invalid error, keeping the text as typed', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness initial={{}} onValue={onValue} />);
    type('{"a": ');
    expect(onValue).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('JSON value is invalid.')).toBeTruthy();
    expect(text().value).toBe('{"a": ');
  });

  it('accepts a JSON array but not a JSON scalar', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness initial={{}} onValue={onValue} />);
    type('[1, 2]');
    expect(onValue).toHaveBeenLastCalledWith([1, 2]);
    type('7');
    expect(onValue).toHaveBeenLastCalledWith(null);
  });

  it('shows the required errors, or the custom required text instead', () => {
    const { unmount } = renderWithProviders(<Harness required initial="x" />);
    type('');
    expect(screen.getByText('String value is required.')).toBeTruthy();
    unmount();
    renderWithProviders(<Harness required requiredText="A payload is needed." initial={{}} />);
    type('');
    expect(screen.getByText('A payload is needed.')).toBeTruthy();
  });

  it("opens the form's JSON editor when it has one", () => {
    const onOpenJsonEditor = vi.fn();
    renderWithProviders(<Harness initial={{}} onOpenJsonEditor={onOpenJsonEditor} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit in the JSON editor' }));
    expect(onOpenJsonEditor).toHaveBeenCalledOnce();
  });
});
