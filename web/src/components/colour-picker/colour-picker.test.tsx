import { OverlaysProvider } from '@blueprintjs/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { ColourPicker, type ColourPickerProps } from './colour-picker';

type Options = Partial<Omit<ColourPickerProps, 'value' | 'onChange'>> & { initial?: string | null; onColour?: (value: string) => void };

function Harness({ initial = '#1e88e5', onColour, ...props }: Options) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <OverlaysProvider>
      <ColourPicker
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next);
          onColour?.(next);
        }}
      />
    </OverlaysProvider>
  );
}

const open = () => {
  fireEvent.click(screen.getByRole('button', { name: /^Choose a colour/ }));
  return screen.getByRole('dialog', { name: 'Choose a colour' });
};
const textField = (dialog: HTMLElement) => within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Colour value' });
const select = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Select' }));

describe('colour picker dialog (spec sections 2, 4, 5 and 9)', () => {
  afterEach(cleanup);

  it('offers the 22 presets in a dialog, and takes the one chosen on Select', async () => {
    const onColour = vi.fn();
    renderWithProviders(<Harness onColour={onColour} />);
    const dialog = open();
    expect(within(dialog).getAllByRole('button', { name: /^Preset colour/ })).toHaveLength(22);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preset colour #43a047' }));
    expect(onColour).not.toHaveBeenCalled();
    select(dialog);
    expect(onColour).toHaveBeenCalledExactlyOnceWith('#43a047');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Choose a colour, now #43a047' })).toBeTruthy();
  });

  it('writes the colour in the format chosen, with an alpha part once alpha drops below 1', () => {
    const onColour = vi.fn();
    renderWithProviders(<Harness onColour={onColour} />);
    const dialog = open();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'RGBA' }));
    expect(textField(dialog).value).toBe('rgb(30, 136, 229)');
    fireEvent.change(within(dialog).getByRole('slider', { name: 'Alpha' }), { target: { value: '50' } });
    expect(textField(dialog).value).toBe('rgba(30, 136, 229, 0.5)');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'HEX' }));
    expect(textField(dialog).value).toBe('#1e88e580');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'HSLA' }));
    expect(textField(dialog).value).toBe('hsla(208, 79%, 51%, 0.5)');
    select(dialog);
    expect(onColour).toHaveBeenCalledExactlyOnceWith('hsla(208, 79%, 51%, 0.5)');
  });

  it('takes a colour typed in any format, and refuses to select text that is no colour', () => {
    const onColour = vi.fn();
    renderWithProviders(<Harness onColour={onColour} />);
    const dialog = open();
    fireEvent.change(textField(dialog), { target: { value: 'hsla(120' } });
    expect(within(dialog).getByText('Enter a colour as hex, rgba or hsla.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Select' })).toHaveProperty('disabled', true);
    fireEvent.change(textField(dialog), { target: { value: 'hsla(120, 100%, 25%, 0.4)' } });
    // The format switch follows what was typed.
    expect(within(dialog).getByRole('radio', { name: 'HSLA' }).getAttribute('aria-checked')).toBe('true');
    select(dialog);
    expect(onColour).toHaveBeenCalledExactlyOnceWith('hsla(120, 100%, 25%, 0.4)');
  });

  it('leaves the colour as it was on Cancel or Escape, and opens again from it', async () => {
    const onColour = vi.fn();
    renderWithProviders(<Harness onColour={onColour} />);
    let dialog = open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preset colour #e53935' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = open();
    expect(textField(dialog).value).toBe('#1e88e5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preset colour #e53935' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onColour).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Choose a colour, now #1e88e5' })).toBeTruthy();
  });

  it('shows the required error of an empty required colour, or the text given for it', () => {
    const { unmount } = renderWithProviders(<Harness required initial={null} />);
    expect(screen.getByText('Colour is required.')).toBeTruthy();
    unmount();
    renderWithProviders(<Harness required requiredText="Pick a colour for the connection." initial="" />);
    expect(screen.getByText('Pick a colour for the connection.')).toBeTruthy();
  });
});
