export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

/** The default administrator as a fresh node has it (spec section 9). */
export const DEFAULT_ADMIN = { username: 'sysadmin@starling.local', password: 'sysadmin' } as const;

/**
 * The password test nodes give the default administrator at start, as a user at the forced-change
 * screen would (test-node.ts); signIn() uses it unless told otherwise.
 */
export const ADMIN_PASSWORD = 'sysadmin-chosen-1';

/** A plain HTTP client for the broker's API, as any third-party client would call it. */
export class ApiClient {
  token: string | undefined;

  constructor(readonly baseUrl: string) {}

  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.token) headers['X-Authorization'] = `Bearer ${this.token}`;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    // A CSV or text answer (an export, the metrics) is handed over as it came.
    const json = response.headers.get('content-type')?.includes('json') ?? false;
    return { status: response.status, body: (text ? (json ? JSON.parse(text) : text) : undefined) as T };
  }

  async signIn(username: string = DEFAULT_ADMIN.username, password = ADMIN_PASSWORD): Promise<{ token: string; refreshToken: string }> {
    const answer = await this.call<{ token: string; refreshToken: string }>('POST', '/api/auth/login', { username, password });
    if (answer.status !== 200) throw new Error(`sign-in failed with ${answer.status}: ${JSON.stringify(answer.body)}`);
    this.token = answer.body.token;
    return answer.body;
  }
}
