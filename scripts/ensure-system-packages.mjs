// Debian packages the checks drive: Chromium for the end-to-end tests, nginx and openssl for the
// journeys through a proxy (the console under a sub-path, a TLS upstream), the mosquitto clients for
// the broker's interoperability tests, a JDK and Maven to fetch and run Apache Kafka for the Kafka
// tests. Installed when missing (needs root or sudo).
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { log, runOrExit } from './lib.mjs';

export const CHROMIUM = process.env.STARLING_CHROMIUM || '/usr/bin/chromium';
export const NGINX = process.env.STARLING_NGINX || '/usr/sbin/nginx';

const PACKAGES = [
  { binary: CHROMIUM, packages: ['chromium', 'fonts-dejavu-core'], purpose: 'the end-to-end tests' },
  { binary: NGINX, packages: ['nginx'], purpose: 'the reverse-proxy journey' },
  { binary: '/usr/bin/openssl', packages: ['openssl'], purpose: 'the certificate of the TLS upstream journey' },
  { binary: '/usr/bin/mosquitto_sub', packages: ['mosquitto-clients'], purpose: 'the MQTT interoperability tests' },
  { binary: '/usr/bin/java', packages: ['default-jdk-headless'], purpose: 'the Kafka tests' },
  { binary: '/usr/bin/mvn', packages: ['maven'], purpose: 'fetching Kafka for its tests' },
];

export async function ensureSystemPackages() {
  const missing = PACKAGES.filter((entry) => !fs.existsSync(entry.binary));
  if (missing.length === 0) return;
  const names = missing.flatMap((entry) => entry.packages);
  const asRoot = process.getuid?.() === 0;
  const hasSudo = !asRoot && spawnSync('sudo', ['-n', 'true']).status === 0;
  if (!asRoot && !hasSudo) {
    console.error(`Missing for ${missing.map((entry) => entry.purpose).join(' and ')}: install them with "sudo apt-get install ${names.join(' ')}".`);
    process.exit(1);
  }
  const environment = { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  const apt = (args) => (asRoot ? runOrExit('apt-get', args, environment) : runOrExit('sudo', ['-n', 'apt-get', ...args], environment));
  log(`Installing Debian packages: ${names.join(' ')}…`);
  await apt(['update', '-qq']);
  await apt(['install', '-y', '-qq', '--no-install-recommends', ...names]);
}

if (import.meta.url === `file://${process.argv[1]}`) await ensureSystemPackages();
