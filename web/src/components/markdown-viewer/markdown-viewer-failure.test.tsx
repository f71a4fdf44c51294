import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import MarkdownViewer from './markdown-viewer';

// A parser that fails, as marked does on input it cannot handle.
vi.mock('marked', () => ({
  Marked: class {
    parse(): string {
      throw new Error('Unexpected token at line 3');
    }
  },
}));

describe('markdown viewer when rendering fails (spec section 8)', () => {
  afterEach(cleanup);

  it('shows the error in red and the source as plain text', () => {
    renderWithProviders(<MarkdownViewer markdown={'# Title\n\nSome *text*'} />);
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('The text could not be displayed: Unexpected token at line 3');
    expect(error.className).toContain('markdown-viewer__error');
    expect(screen.getByText(/Some \*text\*/).tagName).toBe('PRE');
  });
});
