import fs from 'node:fs';
import path from 'node:path';

const RECORDINGS = path.resolve(import.meta.dirname, '../../../test-fixtures/tbmq-2.3.0');

/** The answer body a real TBMQ 2.3.0 gave, as recorded in test-fixtures/tbmq-2.3.0/<area>/<file>.json. */
export function recordedAnswer<T>(area: string, file: string): T {
  const recorded = JSON.parse(fs.readFileSync(path.join(RECORDINGS, area, `${file}.json`), 'utf8')) as { response: { body: T } };
  return recorded.response.body;
}

/** The same, named as `<area>/<file>.json` (test-fixtures/tbmq-2.3.0/README.md indexes them). */
export function tbmqAnswer<T>(file: string): T {
  const [area, name] = file.replace(/\.json$/, '').split('/') as [string, string];
  return recordedAnswer<T>(area, name);
}

/** Every answer recorded for a path under one area, by request path: e.g. each credentials entry read by id. */
export function recordedAnswersByPath<T>(area: string, prefix: string): Map<string, T> {
  const answers = new Map<string, T>();
  for (const file of fs.readdirSync(path.join(RECORDINGS, area))) {
    const recorded = JSON.parse(fs.readFileSync(path.join(RECORDINGS, area, file), 'utf8')) as { request?: { method: string; path: string }; response?: { status: number; body: T } };
    if (recorded.request?.method === 'GET' && recorded.request.path.startsWith(prefix) && recorded.response?.status === 200) answers.set(recorded.request.path, recorded.response.body);
  }
  return answers;
}

/** TBMQ's recorded answer as a fetch Response: the same status and body (an empty body stays empty). */
export function recordedTbmqAnswer(file: string): Response {
  const [area, name] = file.replace(/\.json$/, '').split('/') as [string, string];
  const recorded = JSON.parse(fs.readFileSync(path.join(RECORDINGS, area, `${name}.json`), 'utf8')) as { response: { status: number; body: unknown } };
  const { status, body } = recorded.response;
  return body === null ? new Response(null, { status }) : Response.json(body, { status });
}

/** What TBMQ answers a path it has no handler for (a Starling extension among them): 404, empty body. */
export const tbmqNoHandler = () => new Response(null, { status: 404 });
