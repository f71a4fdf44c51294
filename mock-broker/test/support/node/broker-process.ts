import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { steadyPorts } from '../../../../scripts/ports.mjs';

const MOCK_BROKER_DIR = path.resolve(import.meta.dirname, '../../..');
const READY = 'Starling is ready';

/**
 * The broker as operators run it, `src/main.ts` in a process of its own, so that a test can kill it
 * the hard way (SIGKILL: no shutdown code runs, nothing pending is written) and start it again on
 * the same data directory and ports.
 */
export class BrokerProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  /** Everything the broker printed, across restarts: shown when a test fails. */
  log = '';

  private constructor(
    readonly httpPort: number,
    readonly mqttPort: number,
    private readonly environment: NodeJS.ProcessEnv,
    readonly dataDir: string,
  ) {}

  /**
   * Picks free ports and a fresh data directory; `settings` are more STARLING_… variables. The ports
   * lie outside the range the system gives outgoing connections, so that no client socket takes one
   * while the broker is down and its restart finds it free.
   */
  static async create(settings: Record<string, string> = {}): Promise<BrokerProcess> {
    const [httpPort, mqttPort, wsPort] = (await steadyPorts(3)) as [number, number, number];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-crash-'));
    return new BrokerProcess(
      httpPort,
      mqttPort,
      {
        ...process.env,
        STARLING_HTTP_PORT: String(httpPort),
        STARLING_MQTT_PORT: String(mqttPort),
        STARLING_WS_PORT: String(wsPort),
        STARLING_BIND_ADDRESS: '127.0.0.1',
        STARLING_DATA_DIR: dataDir,
        ...settings,
      },
      dataDir,
    );
  }

  /**
   * Starts the broker and resolves once it says it is ready (all listeners open): about 3 s on an
   * idle machine, more than 20 s (compiling its sources first) with the cores busy.
   */
  async start(timeoutMs = 90_000): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: MOCK_BROKER_DIR, env: this.environment, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    // The log runs across restarts: look for this start's ready line only.
    const from = this.log.length;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the broker did not start within ${timeoutMs} ms:\n${this.log}`)), timeoutMs);
      const settle = (outcome: () => void) => {
        clearTimeout(timer);
        outcome();
      };
      child.stdout?.on('data', (chunk: Buffer) => {
        this.log += chunk.toString();
        if (this.log.indexOf(READY, from) >= 0) settle(resolve);
      });
      child.stderr?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
      child.once('exit', (code, signal) => settle(() => reject(new Error(`the broker exited (${signal ?? code}) before it was ready:\n${this.log}`))));
    });
  }

  /** SIGKILL, then waits until the process is gone (and its pid with it). */
  async kill(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
    this.child = undefined;
  }

  /** Kills what is still running and deletes the data directory. */
  async destroy(): Promise<void> {
    await this.kill();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
