import fs from 'node:fs';
import path from 'node:path';

const RECORDINGS = path.resolve(import.meta.dirname, '../../../test-fixtures/tbmq-2.3.0');

/** The answer body a real TBMQ 2.3.0 gave to one recorded call (test-fixtures/tbmq-2.3.0/README.md indexes them). */
export function tbmqAnswer<T>(file: string): T {
  return (JSON.parse(fs.readFileSync(path.join(RECORDINGS, file), 'utf8')) as { response: { body: T } }).response.body;
}
