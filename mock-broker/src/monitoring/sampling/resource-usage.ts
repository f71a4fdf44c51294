import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { NodeCapacity } from '../storage/timeseries-repository.js';

export interface ResourceReading {
  /** Percent of all cores the process used since the last reading. */
  cpuUsage: number;
  /** Resident set, in bytes. */
  memoryUsage: number;
  /** Bytes the data directory's files hold. */
  diskUsage: number;
}

/** Files and folders counted at most: the data directory holds a handful, and a walk stays bounded. */
const MAX_ENTRIES = 10_000;

/** Bytes of the files under a folder (folders at most MAX_ENTRIES entries in all); a file gone meanwhile counts nothing. */
async function bytesUnder(folder: string): Promise<number> {
  let bytes = 0;
  let seen = 0;
  const pending = [folder];
  for (let current = pending.pop(); current !== undefined && seen < MAX_ENTRIES; current = pending.pop()) {
    const entries = await fs.readdir(current, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.slice(0, MAX_ENTRIES - seen)) {
      seen += 1;
      const entryPath = path.join(current, entry.name);
      if (entry.isDirectory()) pending.push(entryPath);
      else if (entry.isFile()) bytes += (await fs.stat(entryPath).catch(() => ({ size: 0 }))).size;
    }
  }
  return bytes;
}

/** The node process's CPU, memory and disk (ServiceInfo; time-series keys cpuUsage, memoryUsage, diskUsage). */
export class ResourceUsage {
  #cpu = process.cpuUsage();
  #at = performance.now();

  constructor(private readonly dataDir: string) {}

  async read(): Promise<ResourceReading> {
    const cpu = process.cpuUsage(this.#cpu);
    const at = performance.now();
    const elapsedMicros = Math.max((at - this.#at) * 1000, 1);
    this.#cpu = process.cpuUsage();
    this.#at = at;
    const cpuUsage = ((cpu.user + cpu.system) / elapsedMicros / os.availableParallelism()) * 100;
    return { cpuUsage: Math.round(cpuUsage * 100) / 100, memoryUsage: process.memoryUsage.rss(), diskUsage: await bytesUnder(this.dataDir) };
  }

  async capacity(): Promise<NodeCapacity> {
    const disk = await fs.statfs(this.dataDir).catch(() => ({ blocks: 0, bsize: 0 }));
    return { cpuCount: os.availableParallelism(), totalMemory: os.totalmem(), totalDiskSpace: disk.blocks * disk.bsize };
  }
}
