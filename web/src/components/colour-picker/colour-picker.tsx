import { Button, FormGroup, InputGroup, SegmentedControl } from '@blueprintjs/core';
import { type ChangeEvent, useId, useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';
import { Popover } from '../popover/popover';
import { checkColour, COLOUR_FORMATS, COLOUR_PRESETS, type ColourFormat, colourFormatOf, formatColour, type Hsla, hslaToRgba, parseColour, rgbaToHsla } from './colour-rules';
import './colour-picker.css';

const messages = {
  colour: { id: 'colour-picker.colour' },
  chooseColour: { id: 'colour-picker.choose-colour' },
  noColour: { id: 'colour-picker.no-colour' },
  required: { id: 'colour-picker.colour-required' },
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

export interface ColourPickerProps {
  value: string | null;
  onChange(value: string): void;
  required?: boolean;
  /** Replaces the default required error. */
  requiredText?: string;
  disabled?: boolean;
  label?: string;
  id?: string;
}

type Channel = { key: keyof Hsla; max: number; label: keyof typeof messages };
const CHANNELS: readonly Channel[] = [
  { key: 'h', max: 360, label: 'hue' },
  { key: 's', max: 100, label: 'saturation' },
  { key: 'l', max: 100, label: 'lightness' },
  { key: 'a', max: 100, label: 'alpha' },
];

/** The colour picker of spec sections 1, 4 and 9: a swatch opening a 328 px panel of presets, a format switch, sliders and a text field. */
export function ColourPicker({ value, onChange, required = false, requiredText, disabled = false, label, id }: ColourPickerProps) {
  const intl = useIntl();
  const ownId = useId();
  const inputId = id ?? ownId;
  const [format, setFormat] = useState<ColourFormat>(() => colourFormatOf(value ?? '') ?? 'hex');
  // The text typed in the panel, kept while it is no colour yet; null shows the value.
  const [draft, setDraft] = useState<string | null>(null);
  const colour = parseColour(value ?? '');
  const hsla = colour ? rgbaToHsla(colour) : { h: 0, s: 0, l: 50, a: 1 };
  const text = draft ?? value ?? '';

  const problem = checkColour(draft ?? value, required);
  const error = problem === 'required' ? (requiredText ?? intl.formatMessage(messages.required)) : problem === 'invalid' ? intl.formatMessage(messages.invalid) : undefined;

  const emit = (next: string) => {
    setDraft(null);
    onChange(next);
  };
  const onText = (typed: string) => {
    const typedFormat = colourFormatOf(typed);
    if (typedFormat === null) return setDraft(typed);
    setFormat(typedFormat);
    emit(typed.trim());
  };
  const onFormat = (next: string) => {
    setFormat(next as ColourFormat);
    if (colour) emit(formatColour(colour, next as ColourFormat));
  };
  const onSlider = (channel: Channel) => (event: ChangeEvent<HTMLInputElement>) => {
    const number = Number(event.target.value);
    // Alpha alone leaves red, green and blue as they are (no rounding through hue, saturation and lightness).
    if (channel.key === 'a') return emit(formatColour({ ...(colour ?? hslaToRgba(hsla)), a: number / 100 }, format));
    emit(formatColour(hslaToRgba({ ...hsla, [channel.key]: number }), format));
  };

  const panel = (
    <div className="colour-picker__panel">
      <div className="colour-picker__presets" role="group" aria-label={intl.formatMessage(messages.presets)}>
        {COLOUR_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="colour-picker__preset"
            style={{ background: preset }}
            aria-label={intl.formatMessage(messages.preset, { colour: preset })}
            aria-pressed={value?.toLowerCase() === preset}
            onClick={() => emit(formatColour(parseColour(preset) ?? { r: 0, g: 0, b: 0, a: 1 }, format))}
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
          <input
            type="range"
            min={0}
            max={channel.max}
            value={channel.key === 'a' ? Math.round(hsla.a * 100) : hsla[channel.key]}
            onChange={onSlider(channel)}
          />
        </label>
      ))}
      <InputGroup
        aria-label={intl.formatMessage(messages.text)}
        value={text}
        intent={problem === 'invalid' ? 'danger' : 'none'}
        onValueChange={onText}
        spellCheck={false}
      />
    </div>
  );

  return (
    <FormGroup label={label ?? intl.formatMessage(messages.colour)} labelFor={inputId} labelInfo={required ? '*' : undefined} helperText={error} intent={error ? 'danger' : 'none'}>
      <Popover content={panel} className="colour-picker__popover" placement="bottom-start">
        <Button
          id={inputId}
          className="colour-picker__button"
          disabled={disabled}
          alignText="start"
          aria-label={intl.formatMessage(messages.chooseColour, { colour: value || intl.formatMessage(messages.noColour) })}
          icon={<span className="colour-picker__swatch" style={{ background: colour ? (value ?? undefined) : undefined }} />}
          text={value || intl.formatMessage(messages.noColour)}
        />
      </Popover>
    </FormGroup>
  );
}
