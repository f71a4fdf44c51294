import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { docsPageHtml } from '../../../src/docs/docs-html.js';
import { DOCS_LANGUAGES, DocsLibrary } from '../../../src/docs/docs-library.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** A documentation folder holding the given files (`en/a.md` → text). */
function docsFolder(files: Record<string, string>): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-docs-'));
  folders.push(folder);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    fs.writeFileSync(path.join(folder, file), text);
  }
  return folder;
}

describe('the documentation library', () => {
  it('finds a page in the language asked, else in English, else nothing', () => {
    const library = DocsLibrary.load(docsFolder({ 'en/sessions.md': '# Sessions', 'de/sessions.md': '# Sitzungen', 'en/version.md': '# Version' }));
    expect(library.find('de', 'sessions')).toEqual({ lang: 'de', name: 'sessions', markdown: '# Sitzungen' });
    expect(library.find('de', 'version')).toEqual({ lang: 'en', name: 'version', markdown: '# Version' });
    expect(library.find('de', 'kafka')).toBeNull();
  });

  it('serves only markdown files with safe names', () => {
    const library = DocsLibrary.load(docsFolder({ 'en/ok-page.md': '# Ok', 'en/Bad.Name.md': '# Bad', 'en/notes.txt': 'x', 'secret.md': '# Secret' }));
    expect(library.names('en')).toEqual(['ok-page']);
    for (const name of ['../secret', '..', 'ok-page.md', 'OK-PAGE', 'a/b', '', 'x'.repeat(65)]) expect(library.find('en', name)).toBeNull();
  });

  it('ships every page in every language', () => {
    const library = DocsLibrary.load();
    for (const lang of DOCS_LANGUAGES) expect(library.names(lang)).toEqual(library.names('en'));
    expect(library.names('en')).toContain('index');
    expect(library.stylesheet).toContain('.docs-page');
  });
});

describe('a documentation page as HTML', () => {
  const render = (markdown: string) => docsPageHtml({ lang: 'en', name: 'page', markdown }, 'en', '../');

  it('is titled by its first heading and gives headings ids to link to', () => {
    const html = render('# Client credentials\n\n## Anonymous access\n\nText.');
    expect(html).toContain('<title>Client credentials · Starling documentation</title>');
    expect(html).toContain('<h2 id="anonymous-access">Anonymous access</h2>');
  });

  it('shows raw HTML as text and drops links with a script scheme', () => {
    const html = render('# T\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) [ok](sessions)');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<a href="sessions">ok</a>');
  });

  it('says when a page is shown in English for want of a German one', () => {
    const html = docsPageHtml({ lang: 'en', name: 'version', markdown: '# Version' }, 'de', '../');
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Diese Seite gibt es noch nicht auf Deutsch');
    expect(html).toContain('<a href="../en/version" hreflang="en" lang="en">English</a>');
  });
});
