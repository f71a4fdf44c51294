// npm test: install what is missing (Apache Kafka for the Kafka tests too), then every check —
// generated client, type-check, lint, unit, contract, integration, Kafka, the built console's size budget, contract fuzzing and
// end-to-end (directly, through a proxy, and in front of a production broker's recorded answers) — and a closing line with the counts of all test runners.
// Each stage's duration is printed when it ends, and all of them in a table before the closing line,
// so a log shows where the time went. `--only=<words>[,<words>]` runs just the checks whose names
// contain one of them (the installs still run first): to time or rerun one stage alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { build } from './build.mjs';
import { checkBundleBudget } from './check-bundle-budget.mjs';
import { checkGenerated } from './check-generated.mjs';
import { CHROMIUM, ensureSystemPackages, NGINX } from './ensure-system-packages.mjs';
import { ensureDependencies } from './ensure-dependencies.mjs';
import { ensureSchemathesis } from './contract-fuzzing/python-tools.mjs';
import { ensureKafka } from './kafka/kafka-install.mjs';
import { log, run } from './lib.mjs';

const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
  .map((words) => words.trim().toLowerCase())
  .filter(Boolean);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each failed test: its stage, file, name and the first lines of its error, printed again at the end, where a CI log's tail shows it. */
const failedTests = [];
const firstLines = (text = '') =>
  stripVTControlCharacters(text)
    .split('\n')
    .slice(0, 4)
    .join('\n      ');

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const started = Date.now();
/** Each stage's name, when it began and how long it took (ms). */
const timings = [];
const seconds = (ms) => (ms / 1000).toFixed(1);

/** Runs one stage, timed; a check that --only leaves out is skipped. */
async function stage(name, body, { install = false } = {}) {
  if (!install && only && !only.some((words) => name.toLowerCase().includes(words))) return;
  log(`── ${name}`);
  const begun = Date.now();
  try {
    await body();
  } finally {
    const took = Date.now() - begun;
    timings.push({ name, begun: begun - started, took });
    log(`── ${name}: ${seconds(took)} s`);
  }
}

function check(name, command, args) {
  return stage(name, async () => {
    const code = await run(command, args);
    if (code !== 0) failures.push(name);
  });
}

/** A Vitest run; its JSON report gives the counts. A run that reports nothing counts as failed. */
function vitest(name, workspace, project) {
  return stage(name, async () => {
    const report = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
    const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
    if (project) args.push('--project', project);
    const code = await run('npx', args, { cwd: path.resolve(import.meta.dirname, '..', workspace) });
    const result = readJson(report);
    if (!result || result.numTotalTests === 0) {
      failures.push(`${name} (no tests ran)`);
      return;
    }
    for (const file of result.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        failedTests.push({ stage: name, where: path.relative(path.resolve(import.meta.dirname, '..'), file.name), title: test.fullName, error: firstLines(test.failureMessages?.[0]) });
      }
      if (file.status === 'failed' && (file.assertionResults ?? []).every((test) => test.status !== 'failed')) {
        failedTests.push({ stage: name, where: path.relative(path.resolve(import.meta.dirname, '..'), file.name), title: '(the file itself)', error: firstLines(file.message) });
      }
    }
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests;
    totals.skipped += result.numPendingTests + result.numTodoTests;
    if (code !== 0) failures.push(name);
  });
}

/** A node:test run (the Aedes persistence abstract suite); its TAP report gives the counts. */
function nodeTest(name, workspace, files) {
  return stage(name, async () => {
    const report = path.join(reports, `${name.replace(/\W+/g, '-')}.tap`);
    const args = ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${report}`, ...files];
    const code = await run(process.execPath, args, { cwd: path.resolve(import.meta.dirname, '..', workspace) });
    const tap = fs.existsSync(report) ? fs.readFileSync(report, 'utf8') : '';
    const count = (label) => Number(new RegExp(`^# ${label} (\\d+)$`, 'm').exec(tap)?.[1] ?? 0);
    if (count('tests') === 0) {
      failures.push(`${name} (no tests ran)`);
      return;
    }
    totals.passed += count('pass');
    totals.failed += count('fail');
    totals.skipped += count('skipped') + count('todo');
    if (code !== 0) failures.push(name);
  });
}

/** Schemathesis over openapi.yaml against a node of the built broker; its JUnit report gives the counts (one test an operation, one for the stateful phase). */
async function fuzzing() {
  let result;
  try {
    // Imported here: it loads npm packages, which ensureDependencies has installed by now.
    const { contractFuzzing } = await import('./contract-fuzzing/run.mjs');
    result = await contractFuzzing();
  } catch (error) {
    console.error(error);
  }
  if (!result || result.tests === 0) {
    failures.push('contract fuzzing (no tests ran)');
    return;
  }
  totals.passed += result.passed;
  totals.failed += result.failed;
  totals.skipped += result.skipped;
  if (result.code !== 0 || result.failed > 0) failures.push('contract fuzzing');
}

/** A Playwright run of one config (its own broker and servers); its JSON report gives the counts. */
function playwright(name, config) {
  return stage(name, async () => {
    const report = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
    const code = await run('npx', ['playwright', 'test', '--config', config, '--reporter=list,json'], {
      cwd: path.resolve(import.meta.dirname, '..', 'e2e'),
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report, STARLING_CHROMIUM: CHROMIUM, STARLING_NGINX: NGINX },
    });
    const json = readJson(report);
    const stats = json?.stats;
    collectPlaywrightFailures(name, json?.suites ?? []);
    if (!stats || stats.expected + stats.unexpected + stats.flaky === 0) {
      failures.push(`${name} (no tests ran)`);
      return;
    }
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    if (code !== 0) failures.push(name);
  });
}

/** The tests of a Playwright report whose last try did not pass. */
function collectPlaywrightFailures(name, suites, titles = []) {
  for (const suite of suites) {
    const inner = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const last = test.results?.at(-1);
        if (test.status !== 'unexpected' || !last) continue;
        failedTests.push({ stage: name, where: `${spec.file}:${spec.line}`, title: [...inner, spec.title].join(' › '), error: firstLines(last.error?.message) });
      }
    }
    collectPlaywrightFailures(name, suite.suites ?? [], inner);
  }
}

/** Apache Kafka's jars in their cache (fetched by Maven on the first run); false when that failed. */
async function kafkaReady() {
  try {
    await ensureKafka();
    return true;
  } catch (error) {
    console.error(error.message);
    failures.push('Kafka (Apache Kafka could not be fetched)');
    return false;
  }
}

// The installs wait on the network and need only Node's built-ins, so they run side by side: npm's
// packages; Debian's, then Kafka's jars (fetched with Debian's Maven); schemathesis (with python3).
// The checks start once npm's packages are in; each waits for the rest only where it needs them.
let hasKafka = false;
const systemAndKafka = stage('install: Debian packages', ensureSystemPackages, { install: true }).then(() =>
  stage('install: Apache Kafka', async () => (hasKafka = await kafkaReady()), { install: true }),
);
// A failed install is reported by the fuzzing, which asks for schemathesis again.
const schemathesis = stage('install: schemathesis', () => ensureSchemathesis().catch((error) => console.error(error.message)), { install: true });
await stage('install: npm dependencies', ensureDependencies, { install: true });

await stage('generated client matches openapi.yaml', async () => {
  if (!(await checkGenerated())) failures.push('generated client');
});
// Each is one process on one core, and both only read the sources: side by side on 2 cores.
await Promise.all([check('type-check', 'npm', ['run', 'typecheck', '--silent']), check('lint', 'npm', ['run', 'lint', '--silent'])]);
await vitest('unit: web', 'web');
// The broker's tests drive Debian's openssl and mosquitto clients, and Kafka.
await systemAndKafka;
await vitest('unit: broker', 'mock-broker', 'unit');
await vitest('contract', 'mock-broker', 'contract');
await vitest('integration', 'mock-broker', 'integration');
// One real Kafka node (scripts/kafka/kafka-server.mjs) for all the files of the project.
if (hasKafka) await vitest('Kafka (a real Apache Kafka node)', 'mock-broker', 'kafka');
await nodeTest('persistence (Aedes abstract suite)', 'mock-broker', ['test/persistence/abstract-suite.test.ts']);
await stage('build', () => build(), { install: true });
await stage('bundle budget (login route, whole app)', async () => {
  if (!checkBundleBudget()) failures.push('bundle budget');
});
await schemathesis;
await stage('contract fuzzing (schemathesis)', fuzzing);
await playwright('end-to-end (Playwright in Chromium)', 'playwright.config.ts');
// The console in upstream mode in front of a second broker process, and under a sub-path behind nginx.
await playwright('end-to-end through a proxy (upstream mode, nginx)', 'playwright.proxy.config.ts');
// Every page in front of the recorded answers of a real TBMQ 2.3.0 (npm run test:compat names a live broker).
await playwright('compatibility with TBMQ 2.3.0 (recorded answers)', 'playwright.compat.config.ts');

const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log('');
console.log('Stages (began at, took):');
for (const { name, begun, took } of timings) console.log(`${seconds(begun).padStart(8)} s ${seconds(took).padStart(8)} s  ${name}`);
console.log('');
if (failedTests.length > 0) {
  console.log('Failed tests:');
  for (const { stage: name, where, title, error } of failedTests) console.log(`  [${name}] ${where} › ${title}\n      ${error}`);
  console.log('');
}
if (failures.length > 0) console.log(`Failed checks: ${failures.join(', ')}`);
console.log(`Checks took ${minutes} min.`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 ? 1 : 0);
