// The machine and the versions a result was taken on, written next to every result.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { packageVersion, root } from './workspace.mjs';

function firstLine(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', cwd: root });
  if (result.error || result.status === null) return undefined;
  return `${result.stdout}${result.stderr}`.split('\n').find((line) => line.trim() !== '')?.trim();
}

function cpuModel() {
  const lscpu = spawnSync('lscpu', [], { encoding: 'utf8' }).stdout ?? '';
  const model = /^Model name:\s+(.+)$/m.exec(lscpu)?.[1];
  return model ?? os.cpus()[0]?.model ?? 'unknown';
}

function safeVersion(workspace, name) {
  try {
    return packageVersion(workspace, name);
  } catch {
    return undefined;
  }
}

function gitCommit() {
  const commit = firstLine('git', ['rev-parse', '--short=12', 'HEAD']);
  const dirty = (spawnSync('git', ['status', '--porcelain'], { encoding: 'utf8', cwd: root }).stdout ?? '').trim() !== '';
  return { commit, uncommittedChanges: dirty };
}

export function describeEnvironment({ chromium, mosquitto } = {}) {
  const osRelease = fs.existsSync('/etc/os-release') ? fs.readFileSync('/etc/os-release', 'utf8') : '';
  return {
    takenAt: new Date().toISOString(),
    machine: {
      cpuModel: cpuModel(),
      cores: os.cpus().length,
      memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
      os: /^PRETTY_NAME="?([^"\n]+)"?$/m.exec(osRelease)?.[1] ?? os.type(),
      kernel: os.release(),
      virtualization: firstLine('systemd-detect-virt', []) ?? undefined,
      openFilesLimit: Number(firstLine('sh', ['-c', 'ulimit -n'])) || undefined,
      loadAverageAtStart: os.loadavg().map((load) => Math.round(load * 100) / 100),
    },
    versions: {
      starling: JSON.parse(fs.readFileSync(`${root}/package.json`, 'utf8')).version,
      node: process.versions.node,
      aedes: safeVersion('mock-broker', 'aedes'),
      mqttJs: safeVersion('e2e', 'mqtt'),
      playwright: safeVersion('e2e', '@playwright/test'),
      chromium: chromium ? firstLine(chromium, ['--version']) : undefined,
      mosquitto: mosquitto ? firstLine(mosquitto, ['-h']) : undefined,
    },
    git: gitCommit(),
  };
}

/** The environment as a markdown section. */
export function environmentMarkdown(environment) {
  const { machine, versions, git } = environment;
  const rows = [
    ['taken at', environment.takenAt],
    ['git commit', `${git.commit ?? 'unknown'}${git.uncommittedChanges ? ' (with uncommitted changes)' : ''}`],
    ['CPU', `${machine.cpuModel}, ${machine.cores} cores${machine.virtualization ? ` (${machine.virtualization})` : ''}`],
    ['memory', `${machine.memoryGiB} GiB`],
    ['OS', `${machine.os}, kernel ${machine.kernel}, open files limit ${machine.openFilesLimit ?? '?'}`],
    ['load average at start', machine.loadAverageAtStart.join(' / ')],
    ['load average at end', environment.loadAverageAtEnd?.join(' / ') ?? '–'],
    ...Object.entries(versions)
      .filter(([, version]) => version)
      .map(([name, version]) => [name, version]),
  ];
  return ['| | |', '|---|---|', ...rows.map(([name, value]) => `| ${name} | ${value} |`)].join('\n');
}
