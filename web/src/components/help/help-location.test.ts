import { describe, expect, it } from 'vitest';
import { helpLangOfLocale, resolveHelpBase } from './help-location';

describe('where help comes from (spec section 7)', () => {
  it("uses the console's own address when the broker names no help base", () => {
    expect(resolveHelpBase('', 'https://broker.example.com')).toBe('https://broker.example.com');
    expect(resolveHelpBase(undefined, 'https://broker.example.com')).toBe('https://broker.example.com');
  });

  it('uses the base the broker names, without a trailing slash', () => {
    expect(resolveHelpBase('https://docs.example.com/starling/', 'https://broker.example.com')).toBe(
      'https://docs.example.com/starling',
    );
  });

  it("reads the page in the reader's language, English for any other", () => {
    expect(helpLangOfLocale('de-DE')).toBe('de_DE');
    expect(helpLangOfLocale('en-US')).toBe('en_US');
    expect(helpLangOfLocale('fr-FR')).toBe('en_US');
  });
});
