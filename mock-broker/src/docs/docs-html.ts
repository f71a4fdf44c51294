import { Marked, type Tokens } from 'marked';
import { DEFAULT_DOCS_LANGUAGE, DOCS_LANGUAGES, type DocsLanguage, type DocsPage, INDEX_PAGE } from './docs-library.js';

/** The words of the page frame, in each language of the documentation. */
const FRAME_TEXT: Record<DocsLanguage, { language: string; product: string; contents: string; console: string; fallback: string; notFound: string; notFoundText: string }> = {
  en: {
    language: 'English',
    product: 'Starling documentation',
    contents: 'Contents',
    console: 'Open the console',
    fallback: 'This page is not written in English yet.',
    notFound: 'Page not found',
    notFoundText: 'The documentation has no page of that name.',
  },
  de: {
    language: 'Deutsch',
    product: 'Starling-Dokumentation',
    contents: 'Inhalt',
    console: 'Zur Konsole',
    fallback: 'Diese Seite gibt es noch nicht auf Deutsch; sie wird auf Englisch gezeigt.',
    notFound: 'Seite nicht gefunden',
    notFoundText: 'Die Dokumentation hat keine Seite dieses Namens.',
  },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Links the pages may hold: relative ones, web and mail addresses; any other scheme is left as text. */
const SAFE_HREF = /^(?:https?:|mailto:|[^:]*$)/i;

/** `Client credentials` → `client-credentials`, so that a section can be linked (`config#mqtt-listeners`). */
function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/&#?\w+;/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

// Our own pages only, yet raw HTML in them is shown as text, never passed through.
const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    heading({ tokens, depth }: Tokens.Heading) {
      const inner = this.parser.parseInline(tokens);
      return `<h${depth} id="${headingId(inner)}">${inner}</h${depth}>\n`;
    },
    link({ href, title, tokens }: Tokens.Link) {
      const inner = this.parser.parseInline(tokens);
      if (!SAFE_HREF.test(href)) return inner;
      return `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ''}>${inner}</a>`;
    },
  },
});

/** The text of the page's first top-level heading, its title. */
function titleOf(source: string): string | undefined {
  const heading = markdown.lexer(source).find((token): token is Tokens.Heading => token.type === 'heading' && token.depth === 1);
  return heading?.text.replace(/[`*_]/g, '');
}

interface Frame {
  lang: DocsLanguage;
  /** The docs root relative to the page's own address (`../` for `/docs/en/sessions`). */
  root: string;
  /** The page in the other languages (`sessions`, or '' for the index). */
  page: string;
  title: string | undefined;
  body: string;
}

function framed({ lang, root, page, title, body }: Frame): string {
  const text = FRAME_TEXT[lang];
  const switches = DOCS_LANGUAGES.filter((other) => other !== lang)
    .map((other) => `<a href="${root}${other}/${page}" hreflang="${other}" lang="${other}">${FRAME_TEXT[other].language}</a>`)
    .join(' ');
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title ? `${title} · ${text.product}` : text.product)}</title>
<link rel="stylesheet" href="${root}docs.css">
</head>
<body>
<header class="docs-header">
<a class="docs-product" href="${root}${lang}/">${text.product}</a>
<nav class="docs-nav"><a href="${root}${lang}/">${text.contents}</a> ${switches} <a href="${root}../">${text.console}</a></nav>
</header>
<main class="docs-page">
${body}
</main>
</body>
</html>
`;
}

/** A documentation page as a complete HTML document: the product title, a language switch, the page. */
export function docsPageHtml(page: DocsPage, requestedLang: DocsLanguage, root: string): string {
  const fallback = page.lang === requestedLang ? '' : `<p class="docs-notice" lang="${requestedLang}">${FRAME_TEXT[requestedLang].fallback}</p>\n`;
  return framed({
    lang: requestedLang,
    root,
    page: page.name === INDEX_PAGE ? '' : page.name,
    title: titleOf(page.markdown),
    body: `${fallback}<article lang="${page.lang}">\n${markdown.parse(page.markdown, { async: false })}</article>`,
  });
}

/** The answer to a page the documentation does not have. */
export function notFoundHtml(lang: DocsLanguage = DEFAULT_DOCS_LANGUAGE, root: string): string {
  const text = FRAME_TEXT[lang];
  return framed({ lang, root, page: '', title: text.notFound, body: `<h1>${text.notFound}</h1>\n<p>${text.notFoundText}</p>` });
}
