// npm test: install what is missing (Apache Kafka for the Kafka tests too), then every check —
// generated client, type-check, lint, unit, contract, integration, Kafka, the built console's size budget, contract fuzzing and
// end-to-end (directly, through a proxy, and in front of a production broker's recorded answers) — and a closing line with the counts of all test runners.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from './build.mjs';
import { checkBundleBudget } from './check-bundle-budget.mjs';
import { checkGenerated } from './check-generated.mjs';
import { CHROMIUM, ensureSystemPackages, NGINX } from './ensure-system-packages.mjs';
import { ensureDependencies } from './ensure-dependencies.mjs';
import { ensureKafka } from './kafka/kafka-install.mjs';
import { log, run } from './lib.mjs';

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

async function check(name, command, args) {
  log(`── ${name}`);
  const code = await run(command, args);
  if (code !== 0) failures.push(name);
}

/** A Vitest run; its JSON report gives the counts. A run that reports nothing counts as failed. */
async function vitest(name, workspace, project) {
  const report = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  log(`── ${name}`);
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  if (project) args.push('--project', project);
  const code = await run('npx', args, { cwd: path.resolve(import.meta.dirname, '..', workspace) });
  const result = readJson(report);
  if (!result || result.numTotalTests === 0) {
    failures.push(`${name} (no tests ran)`);
    return;
  }
  totals.passed += result.numPassedTests;
  totals.failed += result.numFailedTests;
  totals.skipped += result.numPendingTests + result.numTodoTests;
  if (code !== 0) failures.push(name);
}

/** A node:test run (the Aedes persistence abstract suite); its TAP report gives the counts. */
async function nodeTest(name, workspace, files) {
  const report = path.join(reports, `${name.replace(/\W+/g, '-')}.tap`);
  log(`── ${name}`);
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
}

/** Schemathesis over openapi.yaml against a node of the built broker; its JUnit report gives the counts (one test an operation, one for the stateful phase). */
async function fuzzing() {
  log('── contract fuzzing (schemathesis)');
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
async function playwright(name, config) {
  const report = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  log(`── ${name}`);
  const code = await run('npx', ['playwright', 'test', '--config', config, '--reporter=list,json'], {
    cwd: path.resolve(import.meta.dirname, '..', 'e2e'),
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report, STARLING_CHROMIUM: CHROMIUM, STARLING_NGINX: NGINX },
  });
  const stats = readJson(report)?.stats;
  if (!stats || stats.expected + stats.unexpected + stats.flaky === 0) {
    failures.push(`${name} (no tests ran)`);
    return;
  }
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  if (code !== 0) failures.push(name);
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

const started = Date.now();
await ensureDependencies();
await ensureSystemPackages();
const hasKafka = await kafkaReady();

log('── generated client matches openapi.yaml');
if (!(await checkGenerated())) failures.push('generated client');
await check('type-check', 'npm', ['run', 'typecheck', '--silent']);
await check('lint', 'npm', ['run', 'lint', '--silent']);
await vitest('unit: web', 'web');
await vitest('unit: broker', 'mock-broker', 'unit');
await vitest('contract', 'mock-broker', 'contract');
await vitest('integration', 'mock-broker', 'integration');
// One real Kafka node (scripts/kafka/kafka-server.mjs) for all the files of the project.
if (hasKafka) await vitest('Kafka (a real Apache Kafka node)', 'mock-broker', 'kafka');
await nodeTest('persistence (Aedes abstract suite)', 'mock-broker', ['test/persistence/abstract-suite.test.ts']);
await build();
log('── bundle budget (login route, whole app)');
if (!checkBundleBudget()) failures.push('bundle budget');
await fuzzing();
await playwright('end-to-end (Playwright in Chromium)', 'playwright.config.ts');
// The console in upstream mode in front of a second broker process, and under a sub-path behind nginx.
await playwright('end-to-end through a proxy (upstream mode, nginx)', 'playwright.proxy.config.ts');
// Every page in front of the recorded answers of a real TBMQ 2.3.0 (npm run test:compat names a live broker).
await playwright('compatibility with TBMQ 2.3.0 (recorded answers)', 'playwright.compat.config.ts');

const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log('');
if (failures.length > 0) console.log(`Failed checks: ${failures.join(', ')}`);
console.log(`Checks took ${minutes} min.`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 ? 1 : 0);
