import { afterEach, describe, expect, it } from 'vitest';
import { basePath, underBase } from './base-path';

afterEach(() => document.head.querySelectorAll('base').forEach((element) => element.remove()));

describe('the console\'s base path', () => {
  it('is the root without a base element, whatever page is open', () => {
    window.history.replaceState(null, '', '/sessions/abc');
    expect(basePath()).toBe('/');
    expect(underBase('/api/auth/user')).toBe('/api/auth/user');
  });

  it('follows the <base href> a reverse proxy writes, for API calls and files alike', () => {
    document.head.insertAdjacentHTML('beforeend', '<base href="/starling/">');
    window.history.replaceState(null, '', '/starling/sessions/abc');
    expect(basePath()).toBe('/starling/');
    expect(underBase('/api/auth/user')).toBe('/starling/api/auth/user');
    expect(underBase('assets/locale/locale.constant-de_DE.json')).toBe('/starling/assets/locale/locale.constant-de_DE.json');
  });
});
