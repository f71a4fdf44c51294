// Spec section 7: the version check asks the source host's public release API for the latest
// release. It is a courtesy: offline, blocked or slow, it shows nothing and reports nothing.

export const RELEASE_API_URL = 'https://api.github.com/repos/starling-mqtt/starling/releases/latest';
const TIMEOUT_MS = 5000;

export interface LatestRelease {
  version: string;
  url: string;
}

/** The latest release, or null when the API cannot be reached or answers something unexpected. */
export async function fetchLatestRelease(request: typeof fetch = fetch): Promise<LatestRelease | null> {
  try {
    const response = await request(RELEASE_API_URL, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as { tag_name?: unknown; html_url?: unknown };
    if (typeof body.tag_name !== 'string' || typeof body.html_url !== 'string') return null;
    return { version: body.tag_name.replace(/^v/, ''), url: body.html_url };
  } catch {
    return null;
  }
}

function parts(version: string): number[] {
  return version.split('-')[0]?.split('.').map((part) => Number.parseInt(part, 10) || 0) ?? [];
}

/** Compares dotted versions numerically: 1.10.0 is newer than 1.9.3. */
export function isNewerVersion(candidate: string, current: string): boolean {
  const [a, b] = [parts(candidate), parts(current)];
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return false;
}
