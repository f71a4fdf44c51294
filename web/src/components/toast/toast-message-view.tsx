import { useEffect, useState } from 'react';
import { hasMarkup, loadToastSanitizer, plainTextOf } from './toast-message';

/** A toast's message: text as text, markup rendered once sanitised (spec section 8). */
export function ToastMessageView({ message }: { message: string }) {
  const markup = hasMarkup(message);
  const [sanitized, setSanitized] = useState<{ source: string; html: string } | null>(null);

  useEffect(() => {
    if (!markup) return;
    let current = true;
    void loadToastSanitizer().then((sanitize) => {
      if (current) setSanitized({ source: message, html: sanitize(message) });
    });
    return () => {
      current = false;
    };
  }, [message, markup]);

  if (!markup) return <div className="toast__message">{plainTextOf(message)}</div>;
  // Nothing unsanitised is ever rendered, not even for the moment the sanitiser takes to load.
  const html = sanitized?.source === message ? sanitized.html : '';
  return <div className="toast__message" dangerouslySetInnerHTML={{ __html: html }} />;
}
