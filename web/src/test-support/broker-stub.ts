import fs from 'node:fs';
import path from 'node:path';
import { vi } from 'vitest';

/** A request the console made to the stubbed broker. */
export interface RecordedCall {
  method: string;
  url: URL;
  body: unknown;
}

const NOT_FOUND = () => Response.json({ status: 404, errorCode: 32, message: 'Not found' }, { status: 404 });

/** Every extension openapi.yaml marks (`x-starling-extension`): what the bundled broker serves. */
export const ALL_EXTENSIONS = [
  ...new Set([...fs.readFileSync(path.resolve(import.meta.dirname, '../../../openapi.yaml'), 'utf8').matchAll(/x-starling-extension: (\w+)/g)].map((found) => found[1] as string)),
].sort();

/**
 * Stubs fetch with a broker that answers through `answer` (undefined: 404) and records every call.
 * Unless `answer` says otherwise, it serves every extension, as the bundled broker does.
 */
export function stubBrokerCalls(answer: (call: RecordedCall) => Response | undefined): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url: new URL(path, 'http://console'), body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const answered = answer(call);
      if (answered) return answered;
      if (call.method === 'GET' && call.url.pathname === '/api/starling/extensions') return Response.json({ extensions: ALL_EXTENSIONS });
      return NOT_FOUND();
    }),
  );
  return calls;
}

/** One page of `items`, as the broker pages a list for the request's pageSize and page. */
export function pageOf<T>(items: T[], url: URL) {
  const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
  const index = Number(url.searchParams.get('page') ?? 0);
  return { data: items.slice(index * pageSize, (index + 1) * pageSize), totalPages: Math.ceil(items.length / pageSize), totalElements: items.length, hasNext: (index + 1) * pageSize < items.length };
}
