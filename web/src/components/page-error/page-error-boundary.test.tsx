import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { PageErrorBoundary } from './page-error-boundary';

function Fragile({ breaks }: { breaks: () => boolean }) {
  if (breaks()) throw new Error('Maximum call stack size exceeded');
  return <p>Page content</p>;
}

function Shell({ breaks }: { breaks: () => boolean }) {
  const [clicks, setClicks] = useState(0);
  return (
    <>
      <button onClick={() => setClicks(clicks + 1)}>Menu {clicks}</button>
      <PageErrorBoundary>
        <Fragile breaks={breaks} />
      </PageErrorBoundary>
    </>
  );
}

describe('page error boundary', () => {
  it('shows a page that fails to render as stopped, with its error, while the rest of the console keeps working, and tries again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    renderWithProviders(<Shell breaks={() => broken} />);
    expect(screen.getByText('This page stopped working')).toBeTruthy();
    expect(screen.getByText('Maximum call stack size exceeded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Menu 0' }));
    expect(screen.getByRole('button', { name: 'Menu 1' })).toBeTruthy();

    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Page content')).toBeTruthy();
  });
});
