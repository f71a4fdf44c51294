import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import type { MarkdownViewerProps } from './markdown-viewer';

// marked and DOMPurify load with the first markdown shown, in a chunk of their own, not with the shell.
const MarkdownViewer = lazy(() => import('./markdown-viewer'));

/** The markdown viewer, loaded on first use; a spinner shows meanwhile. */
export function LazyMarkdownViewer(props: MarkdownViewerProps) {
  return (
    <Suspense fallback={<Spinner size={24} />}>
      <MarkdownViewer {...props} />
    </Suspense>
  );
}
