import DOMPurify from 'dompurify';

// Spec section 8: toast messages are rendered as HTML. Only simple markup survives: no scripts,
// no event-handler attributes, no styles, no images or forms.
const ALLOWED_TAGS = ['a', 'b', 'br', 'code', 'em', 'i', 'li', 'ol', 'p', 'strong', 'ul'];
const ALLOWED_ATTR = ['href', 'title', 'target', 'rel'];

export function sanitizeToastMessage(message: string): string {
  return DOMPurify.sanitize(message, { ALLOWED_TAGS, ALLOWED_ATTR });
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text that must show as written, such as a broker message quoting `Starling <noreply@…>`:
 * escaped, so the toast's HTML rendering neither drops nor interprets it.
 */
export function plainTextToastMessage(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}
