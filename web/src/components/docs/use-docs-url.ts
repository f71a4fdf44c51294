import { useIntl } from 'react-intl';
import { type DocsPage, docsLangOfLocale, docsUrl } from './docs-url';

/** The address of a documentation page in the reader's language. */
export function useDocsUrl(): (page: DocsPage) => string {
  const lang = docsLangOfLocale(useIntl().locale);
  return (page) => docsUrl(page, lang);
}
