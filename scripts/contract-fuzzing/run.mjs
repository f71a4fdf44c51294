// npm test's contract fuzzing: schemathesis over openapi.yaml against a node of the built broker on
// loopback, signed in as an administrator of its own (fuzz-node.mjs). Configuration, and the rules
// it cannot take from the contract, in schemathesis.toml and hooks.py beside this file.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { log, root } from '../lib.mjs';
import { startFuzzNode } from './fuzz-node.mjs';
import { ensureSchemathesis } from './python-tools.mjs';

const here = import.meta.dirname;
// A run takes about a minute on two idle cores, five or more on a busy machine; this only stops one
// that hangs (and fails it), so it is far beyond either.
const TIME_LIMIT_MS = 20 * 60_000;

/** Counts of the JUnit report: one test per operation, and one for the stateful phase. */
export function junitCounts(xml) {
  const suite = /<testsuite\b[^>]*>/.exec(xml)?.[0] ?? '';
  const count = (name) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(suite)?.[1] ?? 0);
  const tests = count('tests');
  const failed = count('failures') + count('errors');
  const skipped = count('skipped');
  return { tests, passed: tests - failed - skipped, failed, skipped };
}

/** Runs schemathesis, echoing its output; resolves with its exit code and the number of cases it reported. */
function runSchemathesis(binary, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { cwd, env: { ...process.env, SCHEMATHESIS_HOOKS: path.join(here, 'hooks.py'), NO_COLOR: '1' } });
    let output = '';
    const echo = (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    };
    child.stdout.on('data', echo);
    child.stderr.on('data', echo);
    const timer = setTimeout(() => child.kill('SIGTERM'), TIME_LIMIT_MS);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, cases: Number(/(\d+) generated/.exec(output)?.[1] ?? 0) });
    });
  });
}

/** The whole check: counts for npm test's closing line, or undefined when nothing ran. */
export async function contractFuzzing({ junitFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'starling-fuzz-report-')), 'junit.xml') } = {}) {
  const binary = await ensureSchemathesis();
  const node = await startFuzzNode();
  // Its own working folder: schemathesis writes nothing into the repository.
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-fuzz-'));
  const started = Date.now();
  try {
    const { code, cases } = await runSchemathesis(
      binary,
      [
        '--config-file', path.join(here, 'schemathesis.toml'),
        '--no-color',
        'run', path.join(root, 'openapi.yaml'),
        '--url', node.baseUrl,
        '--header', `X-Authorization: Bearer ${node.token}`,
        '--checks', 'all',
        '--request-timeout', '20',
        '--report', 'junit',
        '--report-junit-path', junitFile,
      ],
      workDir,
    );
    const counts = fs.existsSync(junitFile) ? junitCounts(fs.readFileSync(junitFile, 'utf8')) : undefined;
    log(`Contract fuzzing: ${cases} cases in ${((Date.now() - started) / 1000).toFixed(0)} s, schemathesis exit code ${code}.`);
    return counts && { ...counts, code, cases };
  } finally {
    await node.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

// Run alone (`npm run test:fuzzing`), it builds the broker first when its sources changed.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { build } = await import('../build.mjs');
  await build();
  const result = await contractFuzzing();
  console.log(result ? `fuzzing: ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped` : 'fuzzing: no report');
  process.exit(result && result.code === 0 && result.failed === 0 ? 0 : 1);
}
