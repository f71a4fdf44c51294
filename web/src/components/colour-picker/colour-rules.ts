// Spec sections 4, 5 and 9, the colour picker: 22 preset colours, three formats (hex, rgba, hsla)
// where an alpha below 1 adds an alpha part, and a colour input that may be required.

export type ColourFormat = 'hex' | 'rgba' | 'hsla';

export const COLOUR_FORMATS: readonly ColourFormat[] = ['hex', 'rgba', 'hsla'];

/** Red, green and blue from 0 to 255, alpha from 0 to 1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** Hue in degrees (0-360), saturation and lightness in percent, alpha from 0 to 1. */
export interface Hsla {
  h: number;
  s: number;
  l: number;
  a: number;
}

/**
 * Spec section 9: 22 fixed presets. Mid-tone colours that stay readable as a mark on a white page and
 * on the dark theme alike: no near-white and no near-black.
 */
export const COLOUR_PRESETS: readonly string[] = [
  '#e53935', '#d81b60', '#8e24aa', '#5e35b1', '#3949ab', '#1e88e5', '#039be5', '#00acc1',
  '#00897b', '#43a047', '#7cb342', '#c0ca33', '#fdd835', '#ffb300', '#fb8c00', '#f4511e',
  '#6d4c41', '#757575', '#546e7a', '#ad1457', '#2e7d32', '#0277bd',
];

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = '([+-]?(?:\\d+\\.?\\d*|\\.\\d+))';
const FUNCTION = new RegExp(`^(rgba?|hsla?)\\(\\s*${NUMBER}(%?)\\s*[,\\s]\\s*${NUMBER}(%?)\\s*[,\\s]\\s*${NUMBER}(%?)\\s*(?:[,/]\\s*${NUMBER}(%?)\\s*)?\\)$`, 'i');

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

function parseHex(digits: string): Rgba {
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const channel = (index: number) => parseInt(full.slice(index * 2, index * 2 + 2), 16);
  return { r: channel(0), g: channel(1), b: channel(2), a: full.length === 8 ? Math.round((channel(3) / 255) * 100) / 100 : 1 };
}

function alphaOf(value: string | undefined, percent: string | undefined): number {
  if (value === undefined) return 1;
  return clamp(percent ? Number(value) / 100 : Number(value), 0, 1);
}

/** A colour typed in any of the three formats (#rgb, #rrggbb, #rrggbbaa, rgb()/rgba(), hsl()/hsla()), or null. */
export function parseColour(text: string): Rgba | null {
  const trimmed = text.trim();
  const hex = HEX.exec(trimmed);
  if (hex) return parseHex(hex[1] ?? '');
  const match = FUNCTION.exec(trimmed);
  if (!match) return null;
  const [, name = '', first = '', firstPercent, second = '', secondPercent, third = '', thirdPercent, alpha, alphaPercent] = match;
  const a = alphaOf(alpha, alphaPercent);
  if (name.toLowerCase().startsWith('rgb')) {
    const channel = (value: string, percent: string | undefined) => Math.round(clamp(percent ? (Number(value) * 255) / 100 : Number(value), 0, 255));
    return { r: channel(first, firstPercent), g: channel(second, secondPercent), b: channel(third, thirdPercent), a };
  }
  if (firstPercent) return null;
  return hslaToRgba({ h: Number(first), s: clamp(Number(second), 0, 100), l: clamp(Number(third), 0, 100), a });
}

/** Which of the three formats a text is written in, or null when it is no colour. */
export function colourFormatOf(text: string): ColourFormat | null {
  const trimmed = text.trim();
  if (parseColour(trimmed) === null) return null;
  if (trimmed.startsWith('#')) return 'hex';
  return trimmed.toLowerCase().startsWith('rgb') ? 'rgba' : 'hsla';
}

export function isValidColour(value: string | null | undefined): boolean {
  return typeof value === 'string' && parseColour(value) !== null;
}

export function hslaToRgba({ h, s, l, a }: Hsla): Rgba {
  const hue = ((h % 360) + 360) % 360;
  const saturation = s / 100;
  const lightness = l / 100;
  const chroma = saturation * Math.min(lightness, 1 - lightness);
  const channel = (offset: number) => {
    const k = (offset + hue / 30) % 12;
    return Math.round(255 * (lightness - chroma * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return { r: channel(0), g: channel(8), b: channel(4), a };
}

export function rgbaToHsla({ r, g, b, a }: Rgba): Hsla {
  const [red, green, blue] = [r / 255, g / 255, b / 255];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const lightness = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) return { h: 0, s: 0, l: Math.round(lightness * 100), a };
  const saturation = delta / (1 - Math.abs(2 * lightness - 1));
  let hue: number;
  if (max === red) hue = ((green - blue) / delta) % 6;
  else if (max === green) hue = (blue - red) / delta + 2;
  else hue = (red - green) / delta + 4;
  return { h: Math.round((hue * 60 + 360) % 360), s: Math.round(saturation * 100), l: Math.round(lightness * 100), a };
}

const twoHexDigits = (value: number) => Math.round(value).toString(16).padStart(2, '0');
const alphaText = (alpha: number) => String(Math.round(alpha * 100) / 100);

/** Writes a colour in a format; an alpha below 1 adds the alpha part (#rrggbbaa, rgba(), hsla()). */
export function formatColour(colour: Rgba, format: ColourFormat): string {
  const opaque = colour.a >= 1;
  if (format === 'hex') {
    const hex = `#${twoHexDigits(colour.r)}${twoHexDigits(colour.g)}${twoHexDigits(colour.b)}`;
    return opaque ? hex : hex + twoHexDigits(colour.a * 255);
  }
  if (format === 'rgba') {
    const channels = `${Math.round(colour.r)}, ${Math.round(colour.g)}, ${Math.round(colour.b)}`;
    return opaque ? `rgb(${channels})` : `rgba(${channels}, ${alphaText(colour.a)})`;
  }
  const { h, s, l } = rgbaToHsla(colour);
  const parts = `${h}, ${s}%, ${l}%`;
  return opaque ? `hsl(${parts})` : `hsla(${parts}, ${alphaText(colour.a)})`;
}

export type ColourError = 'required' | 'invalid';

/** Spec section 5: an empty required colour and a text that is no colour are the input's errors. */
export function checkColour(value: string | null | undefined, required: boolean): ColourError | undefined {
  if (value === null || value === undefined || value.trim() === '') return required ? 'required' : undefined;
  return isValidColour(value) ? undefined : 'invalid';
}
