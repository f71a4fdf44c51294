import { Classes } from '@blueprintjs/core';
import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { renderMarkdown } from './render-markdown';
import './markdown-viewer.css';

export interface MarkdownViewerProps {
  markdown: string;
  className?: string;
}

type Rendering = { html: string } | { error: string };

function tryRender(markdown: string): Rendering {
  try {
    return { html: renderMarkdown(markdown) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Shows markdown as sanitised HTML (spec section 1, markdown viewer). If rendering fails, the error is
 * shown in red above the source as plain text (spec section 8).
 *
 * It pulls in marked and DOMPurify: load it through LazyMarkdownViewer so that they stay out of the shell.
 */
export default function MarkdownViewer({ markdown, className }: MarkdownViewerProps) {
  const rendering = useMemo(() => tryRender(markdown), [markdown]);
  if ('error' in rendering) {
    return (
      <div className={className}>
        <p className="markdown-viewer__error" role="alert">
          <FormattedMessage id="markdown.render-error" values={{ error: rendering.error }} />
        </p>
        <pre className="markdown-viewer__source">{markdown}</pre>
      </div>
    );
  }
  // The HTML went through DOMPurify in renderMarkdown.
  return (
    <div
      className={`markdown-viewer ${Classes.RUNNING_TEXT} ${className ?? ''}`}
      dangerouslySetInnerHTML={{ __html: rendering.html }}
    />
  );
}
