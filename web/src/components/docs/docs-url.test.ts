import { describe, expect, it } from 'vitest';
import { DOCS_LANGUAGES, DOCS_PAGES, docsLangOfLocale, docsUrl } from './docs-url';

// The pages the broker serves (docs/{lang}/{page}.md at the repository root), by language and name.
const shipped = new Set(Object.keys(import.meta.glob('../../../../docs/*/*.md')).map((path) => path.split('/').slice(-2).join('/').replace(/\.md$/, '')));

describe('documentation links (spec section 2, help icons and quick links)', () => {
  it('point below the console’s own base, in the reader’s language', () => {
    expect(docsUrl('sessions', 'de', 'https://broker.example.com/starling')).toBe('https://broker.example.com/starling/docs/de/sessions');
    expect(docsUrl('index', 'en', 'https://broker.example.com')).toBe('https://broker.example.com/docs/en/');
    expect(docsUrl('config', 'en')).toBe(`${window.location.origin}/docs/en/config`);
  });

  it('read German for German locales and English for every other', () => {
    expect(docsLangOfLocale('de-DE')).toBe('de');
    expect(docsLangOfLocale('de_DE')).toBe('de');
    expect(docsLangOfLocale('en-US')).toBe('en');
    expect(docsLangOfLocale('fr-FR')).toBe('en');
  });

  it('name only pages that exist in every language', () => {
    const missing = DOCS_LANGUAGES.flatMap((lang) => DOCS_PAGES.map((page) => `${lang}/${page}`)).filter((page) => !shipped.has(page));
    expect(missing).toEqual([]);
  });
});
