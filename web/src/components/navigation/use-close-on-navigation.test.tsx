import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useCloseOnNavigation } from './use-close-on-navigation';

describe('dialogs close on navigation (spec section 2)', () => {
  it('calls close when the location changes, not on the first render or a re-render', () => {
    const location = memoryLocation({ path: '/users' });
    const close = vi.fn();
    const { rerender } = renderHook(() => useCloseOnNavigation(close), {
      wrapper: ({ children }) => <Router hook={location.hook}>{children}</Router>,
    });
    rerender();
    expect(close).not.toHaveBeenCalled();
    act(() => location.navigate('/profile'));
    expect(close).toHaveBeenCalledTimes(1);
  });
});
