// Apache Kafka for the Kafka tests: the broker's jars from Maven Central, at the versions pom.xml
// beside this file names, resolved by the machine's Maven into a cache folder outside the checkout
// (~/.cache/starling/kafka/<version>/lib, or $STARLING_KAFKA_CACHE/<version>/lib). Fetched when
// missing, and again only when pom.xml changes. Node built-ins only: the test command runs this
// before anything else needs Kafka.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { digest, log, root } from '../lib.mjs';

const POM = 'scripts/kafka/pom.xml';
export const KAFKA_VERSION = /<kafka\.version>([^<]+)<\/kafka\.version>/.exec(fs.readFileSync(path.join(root, POM), 'utf8'))?.[1];
const MINIMUM_JAVA = 17;

function cacheRoot() {
  if (process.env.STARLING_KAFKA_CACHE) return path.resolve(process.env.STARLING_KAFKA_CACHE);
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'starling', 'kafka');
}

/** The java binary Kafka runs on: $JAVA_HOME's when set, else the one on the PATH. */
export function javaBinary() {
  return process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
}

/** The major version of that java ("1.8.0" is 8), or undefined when there is none. */
function javaMajorVersion() {
  const result = spawnSync(javaBinary(), ['-version'], { encoding: 'utf8' });
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return undefined;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

function checkTools() {
  const java = javaMajorVersion();
  if (java === undefined) throw new Error(`Kafka needs Java ${MINIMUM_JAVA} or newer, and "${javaBinary()} -version" does not answer: install Debian's default-jdk-headless.`);
  if (java < MINIMUM_JAVA) throw new Error(`Kafka ${KAFKA_VERSION} needs Java ${MINIMUM_JAVA} or newer; "${javaBinary()}" is Java ${java}.`);
  if (spawnSync('mvn', ['--version']).status !== 0) throw new Error('Fetching Kafka needs Maven ("mvn"): install Debian\'s maven.');
}

/** Runs a command with its output kept, to be shown only when it fails. */
function runQuietly(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk) => (output += chunk);
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

function readStamp(file) {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

/**
 * Makes sure Kafka's jars are in the cache; resolves with what starting it needs: the version, the
 * java binary and the class path (the cache's lib folder).
 */
export async function ensureKafka() {
  const versionDir = path.join(cacheRoot(), KAFKA_VERSION);
  const lib = path.join(versionDir, 'lib');
  const stampFile = path.join(versionDir, '.starling-pom');
  const wanted = digest([POM]);
  const kafka = { version: KAFKA_VERSION, java: javaBinary(), classpath: path.join(lib, '*') };
  if (readStamp(stampFile) === wanted && fs.existsSync(lib)) return kafka;

  checkTools();
  log(`Fetching Apache Kafka ${KAFKA_VERSION} from Maven Central into ${versionDir} (first run only)…`);
  fs.mkdirSync(versionDir, { recursive: true });
  // Resolved into a folder of this process's own, then renamed: a run that stops half-way never
  // leaves a lib folder with jars missing, and one that another run finished first is kept.
  const partial = fs.mkdtempSync(path.join(versionDir, 'lib-partial-'));
  const args = ['-B', '-q', '--no-transfer-progress', '-Dstyle.color=never', '-f', path.join(root, POM), 'dependency:copy-dependencies', '-DincludeScope=runtime', `-DoutputDirectory=${partial}`];
  const { code, output } = await runQuietly('mvn', args);
  if (code !== 0) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw new Error(`"mvn ${args.join(' ')}" failed with exit code ${code}:\n${output}`);
  }
  if (readStamp(stampFile) === wanted && fs.existsSync(lib)) {
    fs.rmSync(partial, { recursive: true, force: true });
    return kafka;
  }
  fs.rmSync(lib, { recursive: true, force: true });
  fs.renameSync(partial, lib);
  fs.writeFileSync(stampFile, wanted);
  return kafka;
}

// Run alone, it fetches Kafka and prints where the jars are.
if (import.meta.url === `file://${process.argv[1]}`) console.log((await ensureKafka()).classpath);
