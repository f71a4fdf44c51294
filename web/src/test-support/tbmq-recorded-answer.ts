import fs from 'node:fs';
import path from 'node:path';

/** Answers recorded from a real TBMQ 2.3.0 (test-fixtures/tbmq-2.3.0/README.md). */
const RECORDINGS = path.resolve(import.meta.dirname, '../../../test-fixtures/tbmq-2.3.0');

interface RecordedExchange {
  response: { status: number; body: unknown };
}

/** The body TBMQ answered in a recording (`<area>/<file>.json`). */
export function recordedTbmqBody(file: string): unknown {
  return (JSON.parse(fs.readFileSync(path.join(RECORDINGS, file), 'utf8')) as RecordedExchange).response.body;
}

/** TBMQ's recorded answer as a fetch Response: the same status and body (an empty body stays empty). */
export function recordedTbmqAnswer(file: string): Response {
  const { response } = JSON.parse(fs.readFileSync(path.join(RECORDINGS, file), 'utf8')) as RecordedExchange;
  return response.body === null ? new Response(null, { status: response.status }) : Response.json(response.body, { status: response.status });
}

/** What TBMQ answers GET /api/starling/extensions: 404 with an empty body, no extension. */
export const tbmqWithoutExtensions = () => new Response(null, { status: 404 });
