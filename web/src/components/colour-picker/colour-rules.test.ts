import { describe, expect, it } from 'vitest';
import { checkColour, COLOUR_PRESETS, colourFormatOf, formatColour, hslaToRgba, isValidColour, parseColour, rgbaToHsla } from './colour-rules';

describe('colour rules (spec sections 4, 5 and 9)', () => {
  it('offers 22 distinct preset hex colours', () => {
    expect(COLOUR_PRESETS).toHaveLength(22);
    expect(new Set(COLOUR_PRESETS.map((colour) => colour.toLowerCase())).size).toBe(22);
    expect(COLOUR_PRESETS.every((colour) => /^#[0-9a-f]{6}$/i.test(colour))).toBe(true);
  });

  it.each([
    ['#f00', { r: 255, g: 0, b: 0, a: 1 }],
    ['#1E88E5', { r: 30, g: 136, b: 229, a: 1 }],
    ['#1e88e580', { r: 30, g: 136, b: 229, a: 0.5 }],
    ['rgb(30, 136, 229)', { r: 30, g: 136, b: 229, a: 1 }],
    ['rgba(30,136,229,0.25)', { r: 30, g: 136, b: 229, a: 0.25 }],
    ['rgb(30 136 229 / 50%)', { r: 30, g: 136, b: 229, a: 0.5 }],
    ['hsl(0, 100%, 50%)', { r: 255, g: 0, b: 0, a: 1 }],
    ['hsla(120, 100%, 25%, 0.4)', { r: 0, g: 128, b: 0, a: 0.4 }],
  ])('parses %s', (text, colour) => {
    expect(parseColour(text)).toEqual(colour);
  });

  it.each(['', 'red', '#12', '#12345', '#ggg', 'rgb(1, 2)', 'hsl(10%, 20%, 30%)', 'rgba(1, 2, 3, 4, 5)'])('refuses %j', (text) => {
    expect(parseColour(text)).toBeNull();
    expect(isValidColour(text)).toBe(false);
  });

  it('tells the format a colour is written in', () => {
    expect(colourFormatOf('#abc')).toBe('hex');
    expect(colourFormatOf('rgba(1, 2, 3, 0.5)')).toBe('rgba');
    expect(colourFormatOf('hsl(1, 2%, 3%)')).toBe('hsla');
    expect(colourFormatOf('blue')).toBeNull();
  });

  it('writes the plain form of an opaque colour in each format', () => {
    const colour = { r: 30, g: 136, b: 229, a: 1 };
    expect(formatColour(colour, 'hex')).toBe('#1e88e5');
    expect(formatColour(colour, 'rgba')).toBe('rgb(30, 136, 229)');
    expect(formatColour(colour, 'hsla')).toBe('hsl(208, 79%, 51%)');
  });

  it('adds an alpha part when alpha is below 1', () => {
    const colour = { r: 30, g: 136, b: 229, a: 0.5 };
    expect(formatColour(colour, 'hex')).toBe('#1e88e580');
    expect(formatColour(colour, 'rgba')).toBe('rgba(30, 136, 229, 0.5)');
    expect(formatColour(colour, 'hsla')).toBe('hsla(208, 79%, 51%, 0.5)');
  });

  it('converts between rgb and hsl both ways', () => {
    expect(rgbaToHsla({ r: 255, g: 0, b: 0, a: 1 })).toEqual({ h: 0, s: 100, l: 50, a: 1 });
    expect(rgbaToHsla({ r: 128, g: 128, b: 128, a: 0.3 })).toEqual({ h: 0, s: 0, l: 50, a: 0.3 });
    expect(hslaToRgba({ h: 240, s: 100, l: 50, a: 1 })).toEqual({ r: 0, g: 0, b: 255, a: 1 });
    for (const preset of COLOUR_PRESETS) {
      const colour = parseColour(preset);
      expect(colour && parseColour(formatColour(colour, 'rgba'))).toEqual(colour);
    }
  });

  it('requires a colour only when asked, and refuses text that is no colour', () => {
    expect(checkColour('', true)).toBe('required');
    expect(checkColour(null, true)).toBe('required');
    expect(checkColour('', false)).toBeUndefined();
    expect(checkColour('#zzz', false)).toBe('invalid');
    expect(checkColour('#fff', true)).toBeUndefined();
  });
});
