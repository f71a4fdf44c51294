// Writes one part's result as results/<date>-<part>.md and .json (quick runs: <date>-<part>-quick).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { environmentMarkdown } from './environment.mjs';
import { resultsDir } from './workspace.mjs';

const TITLES = {
  console: 'Console: weight and speed',
  broker: 'Bundled broker: throughput, latency and memory, side by side',
  durable: 'Bundled broker: what acknowledging after the commit costs',
  sessions: 'Sessions list API with many sessions',
  retained: 'Retained messages API with many retained messages',
  monitoring: 'Monitoring: time-series queries over a week of samples, and what sampling costs',
  'app-shared': 'Application shared subscriptions: messages/s through Kafka, and the cost it adds',
  integrations: 'Integrations: messages/s through HTTP, MQTT and Kafka, and the cost to the publisher',
};

/** `name`: results/<name>.* instead of the dated part name (a run kept beside another, e.g. before a change). */
export function writeResult({ part, quick, environment, data, markdown, name }) {
  fs.mkdirSync(resultsDir, { recursive: true });
  const date = environment.takenAt.slice(0, 10);
  const base = path.join(resultsDir, name ?? `${date}-${part}${quick ? '-quick' : ''}`);
  const finished = { ...environment, loadAverageAtEnd: os.loadavg().map((load) => Math.round(load * 100) / 100) };
  const document = [
    `# ${TITLES[part]}${quick ? ' (quick run)' : ''}`,
    '',
    quick ? 'A `--quick` smoke run: short phases and a single repetition; numbers are indicative only.\n' : '',
    '## Machine and versions',
    '',
    environmentMarkdown(finished),
    '',
    markdown.trim(),
    '',
  ].join('\n');
  fs.writeFileSync(`${base}.md`, document);
  fs.writeFileSync(`${base}.json`, `${JSON.stringify({ part, quick, environment: finished, results: data }, null, 2)}\n`);
  return { markdownFile: `${base}.md`, jsonFile: `${base}.json` };
}

/** A markdown table from a header row and data rows. */
export function table(header, rows) {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join(
    '\n',
  );
}

export function targetVerdict(value, limit) {
  if (value === undefined) return 'not measured';
  return value <= limit ? 'met' : '**missed**';
}
