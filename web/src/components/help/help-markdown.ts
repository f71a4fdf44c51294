import { DEFAULT_HELP_LANG, type HelpLang, type HelpLocation, helpFileUrl } from './help-location';

/**
 * Help markdown may pull in shared passages and refer to its base (spec section 7: "supports includes
 * and base variables"):
 * - a line of its own `{% include "partials/list-controls.md" %}` is replaced by that file, taken
 *   from the same base and language (with the same fallback to English); includes nest up to
 *   MAX_INCLUDE_DEPTH levels, deeper ones (and cycles) are left out, as are files that are missing;
 * - `${helpBaseUrl}` becomes the base the help files come from, `${baseUrl}` the console's address,
 *   both without a trailing slash, e.g. `[Sessions](${baseUrl}/sessions)`.
 */
const INCLUDE_LINE = /^[ \t]*\{%\s*include\s+"([^"]+)"\s*%\}[ \t]*$/gm;
export const MAX_INCLUDE_DEPTH = 3;

/** Includes name files below the language folder; no way out of it. */
const SAFE_INCLUDE = /^(?!.*\.\.)[\w-]+(\/[\w.-]+)*\.md$/;

type FetchText = (url: string, signal?: AbortSignal) => Promise<string | null>;

/**
 * The text of a help file, or null when there is none. A plain fetch: help may live outside the broker,
 * so it carries no authorization header. An HTML answer is a server's single-page fallback, not markdown.
 */
export const fetchHelpText: FetchText = async (url, signal) => {
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
  if (!response.ok || (response.headers.get('Content-Type') ?? '').includes('text/html')) return null;
  return response.text();
};

async function fetchInLanguageOrEnglish(location: HelpLocation, file: string, fetchText: FetchText, signal?: AbortSignal) {
  const languages: HelpLang[] = location.lang === DEFAULT_HELP_LANG ? [location.lang] : [location.lang, DEFAULT_HELP_LANG];
  for (const lang of languages) {
    const text = await fetchText(helpFileUrl(location.helpBase, lang, file), signal);
    if (text !== null) return text;
  }
  return null;
}

async function expandIncludes(
  markdown: string,
  depth: number,
  load: (file: string) => Promise<string | null>,
): Promise<string> {
  const files = [...markdown.matchAll(INCLUDE_LINE)].map((match) => match[1] ?? '');
  const included = new Map<string, string>();
  for (const file of new Set(files)) {
    const text = depth < MAX_INCLUDE_DEPTH && SAFE_INCLUDE.test(file) ? await load(file) : null;
    included.set(file, text === null ? '' : await expandIncludes(text.trimEnd(), depth + 1, load));
  }
  return markdown.replace(INCLUDE_LINE, (_line, file: string) => included.get(file) ?? '');
}

function replaceBaseVariables(markdown: string, location: HelpLocation): string {
  return markdown.replaceAll('${helpBaseUrl}', location.helpBase).replaceAll('${baseUrl}', location.consoleRoot);
}

/**
 * Spec section 7: the help page `{helpBase}/help/{lang}/{id}.md`, else the English one, with its includes
 * and base variables resolved; null when neither language has it.
 */
export async function loadHelpMarkdown(
  helpId: string,
  location: HelpLocation,
  { fetchText = fetchHelpText, signal }: { fetchText?: FetchText; signal?: AbortSignal } = {},
): Promise<string | null> {
  const load = (file: string) => fetchInLanguageOrEnglish(location, file, fetchText, signal);
  const page = await load(`${helpId}.md`);
  if (page === null) return null;
  return replaceBaseVariables(await expandIncludes(page, 0, load), location);
}
