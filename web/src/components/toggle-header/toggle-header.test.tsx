import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { ToggleHeader } from './toggle-header';

const OPTIONS = [
  { value: 'all', label: 'all' },
  { value: 'received', label: 'received' },
  { value: 'published', label: 'published' },
] as const;

/** jsdom lays nothing out: give the scrolling row the geometry of a row wider than its 300 px box. */
function layOutRow(geometry: { clientWidth: number; scrollWidth: number }) {
  let scrollLeft = 0;
  const isRow = (element: HTMLElement) => element.classList.contains('toggle-header__row');
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isRow(this) ? geometry.clientWidth : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isRow(this) ? geometry.scrollWidth : 0;
  });
  vi.spyOn(Element.prototype, 'scrollLeft', 'get').mockImplementation(() => scrollLeft);
  // jsdom has no Element.scrollBy; the afterEach below takes this one away again.
  const scrollBy = vi.fn();
  Element.prototype.scrollBy = scrollBy;
  const scrollTo = (left: number) => {
    scrollLeft = left;
    fireEvent.scroll(document.querySelector('.toggle-header__row') as Element);
  };
  return { scrollBy, scrollTo };
}

const render = (onChange = vi.fn()) =>
  renderWithProviders(<ToggleHeader options={OPTIONS} value="received" onChange={onChange} />);

describe('toggle-button header (spec sections 1 and 9)', () => {
  afterEach(() => {
    cleanup();
    Reflect.deleteProperty(Element.prototype, 'scrollBy');
  });

  it('marks the selected option and reports a new choice', () => {
    const onChange = vi.fn();
    render(onChange);
    expect(screen.getByRole('button', { name: 'received' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'all' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'published' }));
    expect(onChange).toHaveBeenCalledWith('published');
  });

  it('shows no arrows when every button fits', () => {
    layOutRow({ clientWidth: 300, scrollWidth: 300 });
    render();
    expect(screen.queryByRole('button', { name: 'Scroll right' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Scroll left' })).toBeNull();
  });

  describe('when the buttons overflow', () => {
    let row: ReturnType<typeof layOutRow>;
    beforeEach(() => {
      row = layOutRow({ clientWidth: 300, scrollWidth: 900 });
    });

    it('scrolls by a third of the row width in either direction', () => {
      render();
      fireEvent.click(screen.getByRole('button', { name: 'Scroll right' }));
      expect(row.scrollBy).toHaveBeenLastCalledWith({ left: 100, behavior: 'smooth' });

      act(() => row.scrollTo(100));
      fireEvent.click(screen.getByRole('button', { name: 'Scroll left' }));
      expect(row.scrollBy).toHaveBeenLastCalledWith({ left: -100, behavior: 'smooth' });
    });

    it('disables the arrow of the end the row has reached', () => {
      render();
      const left = screen.getByRole('button', { name: 'Scroll left' });
      const right = screen.getByRole('button', { name: 'Scroll right' });
      expect(left.hasAttribute('disabled')).toBe(true);
      expect(right.hasAttribute('disabled')).toBe(false);

      act(() => row.scrollTo(600));
      expect(left.hasAttribute('disabled')).toBe(false);
      expect(right.hasAttribute('disabled')).toBe(true);
    });
  });
});
