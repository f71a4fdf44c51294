import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPEED_DIAL_CLOSE_DELAY_MS, SpeedDial } from './speed-dial';

function renderDial(onCopy = vi.fn()) {
  render(
    <>
      <SpeedDial label="Actions" icon={<span />} actions={[{ label: 'Copy', icon: <span />, onClick: onCopy }, { label: 'Delete', icon: <span />, onClick: vi.fn() }]} />
      <button type="button">Elsewhere</button>
    </>,
  );
}

describe('speed dial (spec sections 4 and 9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('closes 100 ms after focus leaves it, not before', () => {
    renderDial();
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    const copy = screen.getByRole('button', { name: 'Copy' });
    fireEvent.blur(copy, { relatedTarget: screen.getByRole('button', { name: 'Elsewhere' }) });
    act(() => vi.advanceTimersByTime(SPEED_DIAL_CLOSE_DELAY_MS - 1));
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });

  it('stays open when focus moves between its own buttons, or comes back in time', () => {
    renderDial();
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    const copy = screen.getByRole('button', { name: 'Copy' });
    fireEvent.blur(copy, { relatedTarget: screen.getByRole('button', { name: 'Delete' }) });
    fireEvent.blur(copy, { relatedTarget: null });
    act(() => vi.advanceTimersByTime(50));
    fireEvent.focus(screen.getByRole('button', { name: 'Delete' }));
    act(() => vi.advanceTimersByTime(SPEED_DIAL_CLOSE_DELAY_MS));
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeNull();
  });

  it('runs an action and folds away', () => {
    const onCopy = vi.fn();
    renderDial(onCopy);
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(onCopy).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });

  it('closes on Escape', () => {
    renderDial();
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Copy' }), { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Actions' })).toBeNull();
  });
});
