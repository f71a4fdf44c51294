import { consoleRootUrl } from '../help/help-location';

/**
 * The documentation that ships with the product, served by the broker at `/docs/{lang}/{page}`
 * (mock-broker/src/docs, pages in docs/{lang}/{page}.md at the repository root). A unit test checks
 * that every page named here exists in every language.
 */
export const DOCS_PAGES = [
  'index',
  'getting-started',
  'config',
  'monitoring',
  'sessions',
  'client-credentials',
  'retained-messages',
  'shared-subscriptions',
  'kafka',
  'version',
  'mqtt-client-type',
  'iot-platform-integration',
  'rest-api',
  'security',
  'performance-tests',
] as const;

export type DocsPage = (typeof DOCS_PAGES)[number];

export const DOCS_LANGUAGES = ['en', 'de'] as const;
export type DocsLang = (typeof DOCS_LANGUAGES)[number];

/** The documentation's language for a react-intl locale tag: `de-DE` → `de`; any other reads English. */
export function docsLangOfLocale(locale: string): DocsLang {
  const language = locale.split(/[-_]/)[0]?.toLowerCase();
  return DOCS_LANGUAGES.find((lang) => lang === language) ?? 'en';
}

/**
 * The address of a documentation page, below the console's own base so that it also works when the
 * console is served under a sub-path; the index page is `/docs/{lang}/`.
 */
export function docsUrl(page: DocsPage, lang: DocsLang, consoleRoot = consoleRootUrl()): string {
  return `${consoleRoot}/docs/${lang}/${page === 'index' ? '' : page}`;
}
