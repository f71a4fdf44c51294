type Sanitizer = (message: string) => string;

let sanitizer: Promise<Sanitizer> | null = null;

/**
 * The sanitiser loads with the first toast that carries markup: most toasts are plain text, and the
 * sign-in page should not download it for nothing.
 */
export function loadToastSanitizer(): Promise<Sanitizer> {
  sanitizer ??= import('./toast-sanitizer').then((module) => module.sanitizeToastMessage);
  return sanitizer;
}

/**
 * Plain text needs no sanitising: it is rendered as a text node. Text escaped by
 * plainTextToastMessage counts as plain; any tag or other entity is markup.
 */
export function hasMarkup(message: string): boolean {
  return /<|&(?!(?:amp|lt|gt|quot|#39);)/.test(message);
}

const HTML_UNESCAPES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The text a message without markup stands for. */
export function plainTextOf(message: string): string {
  return message.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => HTML_UNESCAPES[entity] ?? entity);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text that must show as written, such as a broker message quoting `Starling <noreply@…>`:
 * escaped, so the toast's HTML rendering neither drops nor interprets it.
 */
export function plainTextToastMessage(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

type MessageValue = string | number | undefined;

/**
 * A toast message from the locale with values from outside (a Kafka group id, a broker's or
 * mqtt.js's error text): each value is escaped, so it shows as written and can never become a link
 * or other markup in the toast's HTML rendering; the locale's own markup stays.
 */
export function toastMessageWith(format: (values: Record<string, MessageValue>) => string, values: Record<string, MessageValue>): string {
  return format(Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? plainTextToastMessage(value) : value])));
}
