import { FormGroup, InputGroup, SegmentedControl } from '@blueprintjs/core';
import { type ChangeEvent, useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';
import { COLOUR_FORMATS, COLOUR_PRESETS, type ColourFormat, colourFormatOf, formatColour, type Hsla, hslaToRgba, parseColour, rgbaToHsla } from './colour-rules';

const messages = {
  invalid: { id: 'colour-picker.colour-invalid' },
  presets: { id: 'colour-picker.presets' },
  preset: { id: 'colour-picker.preset' },
  format: { id: 'colour-picker.format' },
  text: { id: 'colour-picker.colour-text' },
  hue: { id: 'colour-picker.hue' },
  saturation: { id: 'colour-picker.saturation' },
  lightness: { id: 'colour-picker.lightness' },
  alpha: { id: 'colour-picker.alpha' },
  hex: { id: 'colour-picker.format-hex' },
  rgba: { id: 'colour-picker.format-rgba' },
  hsla: { id: 'colour-picker.format-hsla' },
} satisfies Record<string, MessageDescriptor>;

type Channel = { key: keyof Hsla; max: number; label: keyof typeof messages };
const CHANNELS: readonly Channel[] = [
  { key: 'h', max: 360, label: 'hue' },
  { key: 's', max: 100, label: 'saturation' },
  { key: 'l', max: 100, label: 'lightness' },
  { key: 'a', max: 100, label: 'alpha' },
];

export interface ColourPanelProps {
  /** The colour chosen so far, in the format it was written in. */
  value: string;
  /** A colour, or the text typed while it is no colour yet. */
  onChange(text: string): void;
}

/** The colour picker dialog's body (spec sections 4 and 9): 22 presets, the hex/rgba/hsla switch, sliders and a text field. */
export function ColourPanel({ value, onChange }: ColourPanelProps) {
  const intl = useIntl();
  const [format, setFormat] = useState<ColourFormat>(() => colourFormatOf(value) ?? 'hex');
  const colour = parseColour(value);
  const hsla = colour ? rgbaToHsla(colour) : { h: 0, s: 0, l: 50, a: 1 };
  const invalid = value.trim() !== '' && colour === null;

  const onText = (typed: string) => {
    const typedFormat = colourFormatOf(typed);
    if (typedFormat !== null) setFormat(typedFormat);
    onChange(typedFormat === null ? typed : typed.trim());
  };
  const onFormat = (next: string) => {
    setFormat(next as ColourFormat);
    if (colour) onChange(formatColour(colour, next as ColourFormat));
  };
  const onSlider = (channel: Channel) => (event: ChangeEvent<HTMLInputElement>) => {
    const number = Number(event.target.value);
    // Alpha alone leaves red, green and blue as they are (no rounding through hue, saturation and lightness).
    if (channel.key === 'a') return onChange(formatColour({ ...(colour ?? hslaToRgba(hsla)), a: number / 100 }, format));
    onChange(formatColour(hslaToRgba({ ...hsla, [channel.key]: number }), format));
  };

  return (
    <div className="colour-picker__panel">
      <div className="colour-picker__presets" role="group" aria-label={intl.formatMessage(messages.presets)}>
        {COLOUR_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="colour-picker__preset"
            style={{ background: preset }}
            aria-label={intl.formatMessage(messages.preset, { colour: preset })}
            aria-pressed={value.toLowerCase() === preset}
            onClick={() => onChange(formatColour(parseColour(preset) ?? { r: 0, g: 0, b: 0, a: 1 }, format))}
          />
        ))}
      </div>
      <SegmentedControl
        className="colour-picker__formats"
        aria-label={intl.formatMessage(messages.format)}
        size="small"
        fill
        options={COLOUR_FORMATS.map((option) => ({ value: option, label: intl.formatMessage(messages[option]) }))}
        value={format}
        onValueChange={onFormat}
      />
      {CHANNELS.map((channel) => (
        <label key={channel.key} className="colour-picker__slider">
          <span>{intl.formatMessage(messages[channel.label])}</span>
          <input type="range" min={0} max={channel.max} value={channel.key === 'a' ? Math.round(hsla.a * 100) : hsla[channel.key]} onChange={onSlider(channel)} />
        </label>
      ))}
      <FormGroup helperText={invalid ? intl.formatMessage(messages.invalid) : undefined} intent={invalid ? 'danger' : 'none'}>
        <InputGroup aria-label={intl.formatMessage(messages.text)} value={value} intent={invalid ? 'danger' : 'none'} onValueChange={onText} spellCheck={false} />
      </FormGroup>
    </div>
  );
}
