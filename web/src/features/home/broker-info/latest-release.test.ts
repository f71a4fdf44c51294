import { describe, expect, it, vi } from 'vitest';
import { fetchLatestRelease, isNewerVersion } from './latest-release';

describe('the version check (spec section 7)', () => {
  it('reads the latest release from the release API', async () => {
    const request = vi.fn(async () => Response.json({ tag_name: 'v1.4.0', html_url: 'https://example.test/releases/v1.4.0' }));
    await expect(fetchLatestRelease(request)).resolves.toEqual({ version: '1.4.0', url: 'https://example.test/releases/v1.4.0' });
  });

  it('fails quietly when offline, refused or answered with something else', async () => {
    await expect(fetchLatestRelease(vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))).resolves.toBeNull();
    await expect(fetchLatestRelease(vi.fn(async () => new Response('rate limited', { status: 403 })))).resolves.toBeNull();
    await expect(fetchLatestRelease(vi.fn(async () => new Response('<html>')))).resolves.toBeNull();
    await expect(fetchLatestRelease(vi.fn(async () => Response.json({ message: 'Not Found' })))).resolves.toBeNull();
  });

  it('compares versions part by part, as numbers', () => {
    expect(isNewerVersion('1.4.0', '1.3.0')).toBe(true);
    expect(isNewerVersion('1.10.0', '1.9.3')).toBe(true);
    expect(isNewerVersion('1.3.0', '1.3.0')).toBe(false);
    expect(isNewerVersion('1.3', '1.3.1')).toBe(false);
    expect(isNewerVersion('2.0.0-beta.1', '1.3.0')).toBe(true);
  });
});
