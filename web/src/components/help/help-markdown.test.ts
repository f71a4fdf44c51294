import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HelpLocation } from './help-location';
import { fetchHelpText, loadHelpMarkdown } from './help-markdown';

const GERMAN: HelpLocation = { helpBase: 'https://docs.example.com', consoleRoot: 'https://broker.example.com', lang: 'de_DE' };

const DOCS = 'https://docs.example.com/help';

/** A help server holding the given files, answering null (not found) for the rest. */
function helpServer(files: Record<string, string>) {
  return vi.fn(async (url: string) => files[url] ?? null);
}

describe('help markdown (spec section 7)', () => {
  it('loads {helpBase}/help/{lang}/{id}.md', async () => {
    const fetchText = helpServer({ [`${DOCS}/de_DE/sessions.md`]: '# Sitzungen' });
    expect(await loadHelpMarkdown('sessions', GERMAN, { fetchText })).toBe('# Sitzungen');
  });

  it('falls back to English, then to nothing', async () => {
    const fetchText = helpServer({ [`${DOCS}/en_US/sessions.md`]: '# Sessions' });
    expect(await loadHelpMarkdown('sessions', GERMAN, { fetchText })).toBe('# Sessions');
    expect(await loadHelpMarkdown('users', GERMAN, { fetchText })).toBeNull();
  });

  it('resolves includes from the same base and language, nested ones too', async () => {
    const fetchText = helpServer({
      [`${DOCS}/de_DE/users.md`]: '# Benutzer\n{% include "partials/list.md" %}\nEnde',
      [`${DOCS}/de_DE/partials/list.md`]: 'Liste\n  {% include "partials/search.md" %}\n',
      [`${DOCS}/en_US/partials/search.md`]: 'Search',
    });
    expect(await loadHelpMarkdown('users', GERMAN, { fetchText })).toBe('# Benutzer\nListe\nSearch\nEnde');
  });

  it('stops an include cycle at the depth limit', async () => {
    const fetchText = helpServer({
      [`${DOCS}/de_DE/users.md`]: 'start\n{% include "a.md" %}',
      [`${DOCS}/de_DE/a.md`]: 'a\n{% include "b.md" %}',
      [`${DOCS}/de_DE/b.md`]: 'b\n{% include "a.md" %}',
    });
    expect(await loadHelpMarkdown('users', GERMAN, { fetchText })).toBe('start\na\nb\na\n');
  });

  it('leaves out includes that are missing or point outside the language folder', async () => {
    const page = 'a\n{% include "missing.md" %}\n{% include "../../secret.md" %}\nb';
    const fetchText = helpServer({ [`${DOCS}/de_DE/users.md`]: page });
    expect(await loadHelpMarkdown('users', GERMAN, { fetchText })).toBe('a\n\n\nb');
    expect(fetchText).not.toHaveBeenCalledWith(expect.stringContaining('secret'), undefined);
  });

  it('replaces the base variables', async () => {
    const page = '![Bild](${helpBaseUrl}/help/de_DE/a.png) [Sitzungen](${baseUrl}/sessions)';
    const fetchText = helpServer({ [`${DOCS}/de_DE/home.md`]: page });
    expect(await loadHelpMarkdown('home', GERMAN, { fetchText })).toBe(
      '![Bild](https://docs.example.com/help/de_DE/a.png) [Sitzungen](https://broker.example.com/sessions)',
    );
  });
});

describe('fetching a help file', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a plain fetch without the authorization header', async () => {
    const fetch = vi.fn(async () => new Response('# Help', { headers: { 'Content-Type': 'text/markdown' } }));
    vi.stubGlobal('fetch', fetch);
    expect(await fetchHelpText('https://docs.example.com/help/en_US/home.md')).toBe('# Help');
    expect(fetch).toHaveBeenCalledWith('https://docs.example.com/help/en_US/home.md', { signal: undefined });
  });

  it('takes a 404, a network failure or a single-page-app HTML fallback as "not found"', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('missing', { status: 404 })));
    expect(await fetchHelpText('/help/en_US/home.md')).toBeNull();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } })));
    expect(await fetchHelpText('/help/en_US/home.md')).toBeNull();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await fetchHelpText('/help/en_US/home.md')).toBeNull();
  });
});
