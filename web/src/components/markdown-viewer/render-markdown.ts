import DOMPurify from 'dompurify';
import { Marked } from 'marked';

// Our own instance: options set here never leak into other users of marked.
const markdownParser = new Marked({ gfm: true, breaks: false, async: false });

/** Markdown to HTML that is safe to insert: scripts, event handlers and javascript: links are removed. */
export function renderMarkdown(markdown: string): string {
  const html = markdownParser.parse(markdown, { async: false });
  return DOMPurify.sanitize(html);
}
