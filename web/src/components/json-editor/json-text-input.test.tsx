import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { JsonTextInput } from './json-text-input';

describe('JSON-to-string input (spec section 5)', () => {
  afterEach(cleanup);

  it('flags invalidJSON while the text does not parse, and shows why', () => {
    const onChange = vi.fn();
    renderWithProviders(<JsonTextInput label="Payload" value='{"a": }' onChange={onChange} />);
    const input = screen.getByLabelText('Payload');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/^Invalid JSON: Unexpected token/)).toBeTruthy();
    fireEvent.change(input, { target: { value: '{"a": ' } });
    expect(onChange).toHaveBeenLastCalledWith('{"a": ', 'invalidJSON');
  });

  it('passes valid JSON text on without an error', () => {
    const onChange = vi.fn();
    renderWithProviders(<JsonTextInput label="Payload" value="" onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Payload'), { target: { value: '[1, 2]' } });
    expect(onChange).toHaveBeenLastCalledWith('[1, 2]', undefined);
    expect(screen.getByLabelText('Payload').getAttribute('aria-invalid')).toBe('false');
  });
});
