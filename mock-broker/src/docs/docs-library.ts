import fs from 'node:fs';
import path from 'node:path';

/**
 * The documentation that ships with the product: `docs/{lang}/{page}.md` at the repository root,
 * beside `openapi.yaml`, found from this file the same way in `src/` (tsx) and in `dist/` (built).
 */
export const DOCS_DIR = path.resolve(import.meta.dirname, '../../../docs');

export const DOCS_LANGUAGES = ['en', 'de'] as const;
export type DocsLanguage = (typeof DOCS_LANGUAGES)[number];
export const DEFAULT_DOCS_LANGUAGE: DocsLanguage = 'en';

/** The page `/docs/{lang}/` shows: `index.md`. */
export const INDEX_PAGE = 'index';

/** Lower-case words joined by hyphens: nothing a path could be made of (no dots, no slashes). */
const PAGE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_PAGE_NAME_LENGTH = 64;

export interface DocsPage {
  /** The language the page is written in: English when the language asked has no such page. */
  lang: DocsLanguage;
  name: string;
  markdown: string;
}

export function isDocsLanguage(value: string): value is DocsLanguage {
  return (DOCS_LANGUAGES as readonly string[]).includes(value);
}

export function isPageName(value: string): boolean {
  return value.length <= MAX_PAGE_NAME_LENGTH && PAGE_NAME.test(value);
}

/** The pages of one language folder by name; a missing folder has none. */
function readLanguage(directory: string): Map<string, string> {
  const pages = new Map<string, string>();
  if (!fs.existsSync(directory)) return pages;
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const name = entry.name.slice(0, -'.md'.length);
    if (entry.isFile() && entry.name.endsWith('.md') && isPageName(name)) {
      pages.set(name, fs.readFileSync(path.join(directory, entry.name), 'utf8'));
    }
  }
  return pages;
}

/**
 * Every page, read once at start (the documentation does not change under a running node). A page is
 * looked up by name in this map, never by a path built from the request.
 */
export class DocsLibrary {
  private constructor(
    private readonly pages: ReadonlyMap<DocsLanguage, ReadonlyMap<string, string>>,
    readonly stylesheet: string,
  ) {}

  static load(directory = DOCS_DIR): DocsLibrary {
    const pages = new Map(DOCS_LANGUAGES.map((lang) => [lang, readLanguage(path.join(directory, lang))]));
    const stylesheetFile = path.join(directory, 'docs.css');
    return new DocsLibrary(pages, fs.existsSync(stylesheetFile) ? fs.readFileSync(stylesheetFile, 'utf8') : '');
  }

  /** The page in the language asked, else in English; null when neither has it. */
  find(lang: DocsLanguage, name: string): DocsPage | null {
    if (!isPageName(name)) return null;
    for (const candidate of new Set([lang, DEFAULT_DOCS_LANGUAGE])) {
      const markdown = this.pages.get(candidate)?.get(name);
      if (markdown !== undefined) return { lang: candidate, name, markdown };
    }
    return null;
  }

  /** Names of the pages written in a language. */
  names(lang: DocsLanguage): string[] {
    return [...(this.pages.get(lang)?.keys() ?? [])].sort();
  }
}
