import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { LazyMarkdownViewer } from './lazy-markdown-viewer';

describe('markdown viewer (spec section 1)', () => {
  afterEach(cleanup);

  it('shows markdown as formatted text', async () => {
    renderWithProviders(
      <LazyMarkdownViewer markdown={'# Sessions\n\nA **session** per client.\n\n- [Users](/users)\n\n| key | value |\n|---|---|\n| a | b |'} />,
    );
    expect((await screen.findByRole('heading', { name: 'Sessions' })).tagName).toBe('H1');
    expect(screen.getByText('session').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/users');
    expect(screen.getByRole('cell', { name: 'b' })).toBeTruthy();
  });

  it('removes scripts, event handlers and javascript links', async () => {
    const { container } = renderWithProviders(
      <LazyMarkdownViewer
        markdown={'# Title\n\n<script>window.hacked = true</script>\n\n<img src="x.png" onerror="window.hacked = true">\n\n[click](javascript:alert(1))'}
      />,
    );
    await screen.findByRole('heading', { name: 'Title' });
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')?.hasAttribute('onerror')).toBe(false);
    expect(container.querySelector('a')?.getAttribute('href') ?? '').not.toContain('javascript');
  });
});
