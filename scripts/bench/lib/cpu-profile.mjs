// Summarizes a V8 CPU profile (.cpuprofile, from Chromium's DevTools protocol or node --cpu-prof):
// self time by package or file, and the hottest functions.
import { root } from './workspace.mjs';

/** Where a function lives, short: an npm package, a built console chunk, or a repository file. */
function place(url) {
  if (!url) return '(native)';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1];
  const asset = /\/assets\/([^/?]+)/.exec(url);
  if (asset) return `chunk ${asset[1]}`;
  if (url.startsWith('node:')) return 'node (built-in)';
  return url.replace(/^file:\/\//, '').replace(`${root}/`, '');
}

export function summarizeProfile(profile, top = 10) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map();
  profile.samples.forEach((id, index) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));

  const byPlace = new Map();
  const byFunction = new Map();
  let idle = 0;
  for (const [id, micros] of selfMicros) {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    if (functionName === '(idle)') {
      idle += micros;
      continue;
    }
    const where = functionName.startsWith('(') ? functionName : place(url);
    byPlace.set(where, (byPlace.get(where) ?? 0) + micros);
    const name = functionName.startsWith('(') ? functionName : `${functionName || '(anonymous)'} — ${where}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  }
  const busy = [...byPlace.values()].reduce((sum, micros) => sum + micros, 0);
  const rank = (map) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, ms: Math.round(micros / 100) / 10, share: busy ? Math.round((micros / busy) * 1000) / 10 : 0 }));
  return {
    wallMs: Math.round((profile.endTime - profile.startTime) / 100) / 10,
    busyMs: Math.round(busy / 100) / 10,
    idleMs: Math.round(idle / 100) / 10,
    byPlace: rank(byPlace),
    byFunction: rank(byFunction),
  };
}

export function profileMarkdown(title, summary) {
  const lines = [
    `**${title}**: ${summary.busyMs} ms busy of ${summary.wallMs} ms sampled.`,
    '',
    '| self time by place | ms | share |',
    '|---|---|---|',
    ...summary.byPlace.map((entry) => `| ${entry.name} | ${entry.ms} | ${entry.share} % |`),
    '',
    '| hottest functions (self time) | ms | share |',
    '|---|---|---|',
    ...summary.byFunction.map((entry) => `| ${entry.name.replaceAll('|', '\\|')} | ${entry.ms} | ${entry.share} % |`),
  ];
  return lines.join('\n');
}
