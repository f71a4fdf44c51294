import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { ColourPicker, type ColourPickerProps } from './colour-picker';

type Options = Partial<Omit<ColourPickerProps, 'value' | 'onChange'>> & { initial?: string | null; onColour?: (value: string) => void };

function Harness({ initial = '#1e88e5', onColour, ...props }: Options) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <ColourPicker
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onColour?.(next);
      }}
    />
  );
}

const open = () => fireEvent.click(screen.getByRole('button', { name: /^Choose a colour/ }));

describe('colour picker (spec sections 4, 5 and 9)', () => {
  afterEach(cleanup);

  it('offers the 22 presets and takes the one chosen', () => {
    const onColour = vi.fn();
    renderWithProviders(<Harness onColour={onColour} />);
    open();
    const presets = screen.getAllByRole('button', { name: /^Preset colour/ });
    expect(presets).toHaveLength(22);
    fireEvent.click(screen.getByRole('button', { name: 'Preset colour #43a047' }));
    expect(onColour).toHaveBeenLastCalledWith('#43a047');
    expect(screen.getByRole('button', { name: 'Choose a colour, now #43a047' })).toBeTruthy();
  });

  it('writes the colour in the format chosen, with an alpha part once alpha drops below 1', () => {
    const onColour = vi.fn();
    renderWithProviders(<Harness onColour={onColour} />);
    open();
    fireEvent.click(screen.getByRole('radio', { name: 'RGBA' }));
    expect(onColour).toHaveBeenLastCalledWith('rgb(30, 136, 229)');
    fireEvent.change(screen.getByRole('slider', { name: 'Alpha' }), { target: { value: '50' } });
    expect(onColour).toHaveBeenLastCalledWith('rgba(30, 136, 229, 0.5)');
    fireEvent.click(screen.getByRole('radio', { name: 'HEX' }));
    expect(onColour).toHaveBeenLastCalledWith('#1e88e580');
  });

  it('takes a colour typed in any format and flags text that is no colour', () => {
    const onColour = vi.fn();
    renderWithProviders(<Harness onColour={onColour} />);
    open();
    const field = screen.getByRole('textbox', { name: 'Colour value' });
    fireEvent.change(field, { target: { value: 'hsla(120, 100%, 25%, 0.4)' } });
    expect(onColour).toHaveBeenLastCalledWith('hsla(120, 100%, 25%, 0.4)');
    fireEvent.change(field, { target: { value: 'hsla(120' } });
    expect(onColour).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Enter a colour as hex, rgba or hsla.')).toBeTruthy();
  });

  it('shows the required error of an empty required colour, or the text given for it', () => {
    const { unmount } = renderWithProviders(<Harness required initial={null} />);
    expect(screen.getByText('Colour is required.')).toBeTruthy();
    unmount();
    renderWithProviders(<Harness required requiredText="Pick a colour for the connection." initial="" />);
    expect(screen.getByText('Pick a colour for the connection.')).toBeTruthy();
  });
});
