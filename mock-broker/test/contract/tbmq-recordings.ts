import fs from 'node:fs';
import path from 'node:path';

/** Answers recorded from a real TBMQ 2.3.0 (test-fixtures/tbmq-2.3.0/README.md says how and when). */
export const RECORDINGS_DIR = path.resolve(import.meta.dirname, '../../../test-fixtures/tbmq-2.3.0');

export interface RecordedExchange {
  /** `<area>/<file>`, as the recordings' README indexes it. */
  name: string;
  area: string;
  /** The contract operation the file name says it answers (`<operationId>[--variant].json`). */
  namedOperation: string;
  request: { method: string; path: string; query: Record<string, string | number>; body: unknown };
  response: { status: number; contentType: string | null; body: unknown };
}

export function recordedExchanges(): RecordedExchange[] {
  const exchanges: RecordedExchange[] = [];
  for (const area of fs.readdirSync(RECORDINGS_DIR).sort()) {
    const folder = path.join(RECORDINGS_DIR, area);
    if (!fs.statSync(folder).isDirectory()) continue;
    for (const file of fs.readdirSync(folder).sort()) {
      const recorded = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as Partial<RecordedExchange>;
      // One file holds decoded token claims, not an exchange.
      if (!recorded.request?.method || !recorded.response) continue;
      exchanges.push({
        name: `${area}/${file}`,
        area,
        namedOperation: file.replace(/\.json$/, '').split('--')[0] as string,
        request: recorded.request,
        response: recorded.response,
      });
    }
  }
  return exchanges;
}

/**
 * Recordings listed as not yet met, one file per area (`<list>/<area>.txt`): the contract's
 * (tbmq-pending) or the bundled broker's answer shapes (tbmq-pending-shapes). Each listed one must
 * still fail, so that a fix removes it.
 */
export function pendingRecordings(list: 'tbmq-pending' | 'tbmq-pending-shapes' = 'tbmq-pending'): Set<string> {
  const folder = path.resolve(import.meta.dirname, list);
  if (!fs.existsSync(folder)) return new Set();
  const names = new Set<string>();
  for (const file of fs.readdirSync(folder)) {
    for (const line of fs.readFileSync(path.join(folder, file), 'utf8').split('\n')) {
      const name = line.trim();
      if (name && !name.startsWith('#')) names.add(name);
    }
  }
  return names;
}
