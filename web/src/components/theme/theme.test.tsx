import { Dialog, OverlaysProvider, Popover } from '@blueprintjs/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubSystemColourScheme } from '../../test-support/color-scheme';
import themeInitScript from '../../../public/theme-init.js?raw';
import { adoptAccountThemeChoice, followTheme, readThemeChoice, saveThemeChoice, THEME_STORAGE_KEY } from './theme';

const isDark = () => document.documentElement.classList.contains('bp6-dark');

/** A new page load: the class <html> starts without, then public/theme-init.js runs, as index.html has it. */
function loadPage() {
  document.documentElement.className = '';
  new Function(themeInitScript)();
}

describe('theme: system, light or dark', () => {
  let stopFollowing: () => void = () => undefined;
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });
  afterEach(() => {
    stopFollowing();
    cleanup();
  });

  it('follows the operating system when nothing is chosen, also when it switches while the page is open', () => {
    const system = stubSystemColourScheme(true);
    loadPage();
    expect(isDark()).toBe(true);
    stopFollowing = followTheme();
    expect(readThemeChoice()).toBe('system');
    system.setDark(false);
    expect(isDark()).toBe(false);
    system.setDark(true);
    expect(isDark()).toBe(true);
  });

  it('keeps a chosen theme against the system, remembered by the browser across page loads', () => {
    const system = stubSystemColourScheme(true);
    loadPage();
    stopFollowing = followTheme();
    saveThemeChoice('light');
    expect(isDark()).toBe(false);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    system.setDark(false);
    system.setDark(true);
    expect(isDark()).toBe(false);
    // Before the first paint of the next load, the script applies the stored choice on its own.
    loadPage();
    expect(isDark()).toBe(false);

    stubSystemColourScheme(false);
    saveThemeChoice('dark');
    loadPage();
    expect(isDark()).toBe(true);

    saveThemeChoice('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(isDark()).toBe(false);
  });

  it("puts Blueprint's portals (dialogs, popovers) in the theme: the class is on the document, above every portal", () => {
    stubSystemColourScheme(false);
    const overlays = () => (
      <OverlaysProvider>
        <Dialog isOpen title="A dialog" />
        <Popover isOpen content={<p>Popover content</p>}>
          <button type="button">Target</button>
        </Popover>
      </OverlaysProvider>
    );
    saveThemeChoice('dark');
    const { unmount } = render(overlays());
    expect(screen.getByRole('dialog').closest('.bp6-dark')).toBe(document.documentElement);
    expect(screen.getByText('Popover content').closest('.bp6-dark')).not.toBeNull();
    saveThemeChoice('light');
    expect(screen.getByRole('dialog').closest('.bp6-dark')).toBeNull();
    unmount();

    render(overlays());
    expect(screen.getByRole('dialog').closest('.bp6-dark')).toBeNull();
    expect(screen.getByText('Popover content').closest('.bp6-dark')).toBeNull();
  });

  it("takes the account's theme only in a browser that has no choice of its own", () => {
    stubSystemColourScheme(false);
    adoptAccountThemeChoice('dark');
    expect(isDark()).toBe(true);
    expect(readThemeChoice()).toBe('dark');

    saveThemeChoice('light');
    adoptAccountThemeChoice('dark');
    expect(readThemeChoice()).toBe('light');
    expect(isDark()).toBe(false);

    localStorage.clear();
    adoptAccountThemeChoice('purple');
    expect(readThemeChoice()).toBe('system');
  });
});
