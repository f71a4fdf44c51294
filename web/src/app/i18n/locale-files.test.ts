import { describe, expect, it } from 'vitest';
import germanMessages from '../../../public/assets/locale/locale.constant-de_DE.json';
import englishMessages from '../../../public/assets/locale/locale.constant-en_US.json';

// STYLE.md rule 7: both languages carry the same keys, and every message id the code uses exists.
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/api/generated/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const QUOTED = /['"]([^'"]+)['"]/g;

/** Message ids used through FormattedMessage id=, formatMessage({ id: … }) and defineMessages. */
function usedMessageIds(source: string): string[] {
  const ids: string[] = [];
  const collect = (expression: string) => ids.push(...[...expression.matchAll(QUOTED)].map((match) => match[1] ?? ''));
  for (const match of source.matchAll(/<FormattedMessage[^>]*?\bid=(["'][^"']+["'])/g)) collect(match[1] ?? '');
  for (const match of source.matchAll(/formatMessage\(\s*\{\s*id:\s*([^}]*)\}/g)) collect(match[1] ?? '');
  for (const match of source.matchAll(/defineMessages\(\{([\s\S]*?)\}\);/g)) {
    for (const id of (match[1] ?? '').matchAll(/\bid:\s*(['"][^'"]+['"])/g)) collect(id[1] ?? '');
  }
  return ids;
}

/** JSX text with words in it, e.g. `<span>Sign in</span>`: user-facing text that skipped translation. */
function literalJsxText(source: string): string[] {
  return [...source.matchAll(/>\s*([^<>{}=;()]*[A-Za-z]{2,}[^<>{}=;()]*)\s*<\//g)].map((match) => (match[1] ?? '').trim());
}

describe('locale files', () => {
  it('de_DE and en_US have exactly the same keys', () => {
    expect(Object.keys(germanMessages).sort()).toEqual(Object.keys(englishMessages).sort());
  });

  it('have no empty translations', () => {
    for (const messages of [englishMessages, germanMessages]) {
      expect(Object.entries(messages).filter(([, text]) => text.trim() === '')).toEqual([]);
    }
  });

  it('hold every message id the console uses', () => {
    const known = new Set(Object.keys(englishMessages));
    const used = Object.entries(sources).flatMap(([file, source]) => usedMessageIds(source).map((id) => `${file}: ${id}`));
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((entry) => !known.has(entry.split(': ')[1] ?? ''))).toEqual([]);
  });

  it('are the only source of user-facing text in components', () => {
    const literals = Object.entries(sources)
      .filter(([file]) => file.endsWith('.tsx'))
      .flatMap(([file, source]) => literalJsxText(source).map((text) => `${file}: ${text}`));
    expect(literals).toEqual([]);
  });
});
