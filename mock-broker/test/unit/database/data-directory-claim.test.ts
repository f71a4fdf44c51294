import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirectoryInUseError, claimDataDirectory } from '../../../src/database/data-directory-claim.js';

const directories: string[] = [];
function dataDirectory(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-claim-'));
  directories.push(directory);
  return directory;
}
afterEach(() => {
  for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
});

describe('data directory claim', () => {
  it('clears the SQLite lock a crashed node left behind', () => {
    const directory = dataDirectory();
    fs.mkdirSync(path.join(directory, 'starling.sqlite.lock'));
    fs.writeFileSync(path.join(directory, 'starling.pid'), '999999999');
    const release = claimDataDirectory(directory);
    expect(fs.existsSync(path.join(directory, 'starling.sqlite.lock'))).toBe(false);
    expect(fs.readFileSync(path.join(directory, 'starling.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(directory, 'starling.pid'))).toBe(false);
  });

  it('refuses a directory another running node owns, and leaves its lock alone', () => {
    const directory = dataDirectory();
    fs.mkdirSync(path.join(directory, 'starling.sqlite.lock'));
    // The parent of this test process is certainly alive.
    fs.writeFileSync(path.join(directory, 'starling.pid'), String(process.ppid));
    expect(() => claimDataDirectory(directory)).toThrow(DataDirectoryInUseError);
    expect(() => claimDataDirectory(directory)).toThrow(`in use by another Starling process (pid ${process.ppid})`);
    expect(fs.existsSync(path.join(directory, 'starling.sqlite.lock'))).toBe(true);
  });
});
