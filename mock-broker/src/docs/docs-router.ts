import fs from 'node:fs';
import { type NextFunction, type Request, type Response, Router } from 'express';
import { CONTRACT_FILE } from '../http/contract.js';
import { docsPageHtml, notFoundHtml } from './docs-html.js';
import { DEFAULT_DOCS_LANGUAGE, DocsLibrary, INDEX_PAGE, isDocsLanguage } from './docs-library.js';

/**
 * Documentation pages are documents of our own: no script at all, styles and images from the broker
 * only, nothing sent anywhere, never framed. Stricter than the console's policy, which it replaces.
 */
export const DOCS_POLICY = "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The way from a page's address back to `/docs/`, relative, so that the pages work under any sub-path. */
function docsRootOf(request: Request): string {
  const below = request.path.slice('/docs/'.length);
  return '../'.repeat(below.split('/').length - 1);
}

function sendHtml(response: Response, status: number, html: string): void {
  response.status(status).set({ 'Content-Security-Policy': DOCS_POLICY, 'Cache-Control': 'no-cache' }).type('html').send(html);
}

/**
 * Spec section 2, "Cards have … a help icon that opens documentation in a new tab": the documentation
 * that ships with the product, served by the broker so that it works offline.
 * - `/docs/{lang}/` the contents, `/docs/{lang}/{page}` a page (lang `en` or `de`; a German page not
 *   written yet is shown in English, saying so); anything else under `/docs/` answers a 404 page;
 * - `/docs/docs.css` their stylesheet, `/docs/openapi.yaml` the API contract as text.
 */
export function docsRouter(library = DocsLibrary.load()): Router {
  const router = Router({ strict: true });
  const page = (request: Request, response: Response, lang: string, name: string) => {
    const root = docsRootOf(request);
    if (!isDocsLanguage(lang)) return sendHtml(response, 404, notFoundHtml(DEFAULT_DOCS_LANGUAGE, root));
    const found = library.find(lang, name);
    sendHtml(response, found ? 200 : 404, found ? docsPageHtml(found, lang, root) : notFoundHtml(lang, root));
  };

  // Relative redirects: the pages' own links are relative too.
  router.get('/docs', (_request, response) => response.redirect(`docs/${DEFAULT_DOCS_LANGUAGE}/`));
  router.get('/docs/', (_request, response) => response.redirect(`${DEFAULT_DOCS_LANGUAGE}/`));
  router.get('/docs/docs.css', (_request, response) => {
    response.set('Cache-Control', 'no-cache').type('css').send(library.stylesheet);
  });
  let contract: string | undefined;
  router.get('/docs/openapi.yaml', (_request, response) => {
    contract ??= fs.readFileSync(CONTRACT_FILE, 'utf8');
    response.set('Cache-Control', 'no-cache').type('text/plain; charset=utf-8').send(contract);
  });
  router.get('/docs/:lang', (request, response) => {
    if (isDocsLanguage(request.params.lang)) response.redirect(`${request.params.lang}/`);
    else sendHtml(response, 404, notFoundHtml(DEFAULT_DOCS_LANGUAGE, docsRootOf(request)));
  });
  router.get('/docs/:lang/', (request, response) => page(request, response, request.params.lang, INDEX_PAGE));
  router.get('/docs/:lang/:page', (request, response) => page(request, response, request.params.lang, request.params.page));
  router.get(/^\/docs\/./, (request, response) => sendHtml(response, 404, notFoundHtml(DEFAULT_DOCS_LANGUAGE, docsRootOf(request))));
  // A name that is not percent-encoded UTF-8 names no page either.
  router.use((error: unknown, request: Request, response: Response, next: NextFunction) => {
    if (response.headersSent || (error as { status?: number }).status !== 400) return next(error);
    sendHtml(response, 404, notFoundHtml(DEFAULT_DOCS_LANGUAGE, docsRootOf(request)));
  });
  return router;
}
