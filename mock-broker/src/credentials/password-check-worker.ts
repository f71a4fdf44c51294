import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The worker's whole program: bcrypt comparisons, one message each. */
const WORKER_SOURCE = (bcryptPath: string) => `
const { parentPort } = require('node:worker_threads');
const bcrypt = require(${JSON.stringify(bcryptPath)});
parentPort.on('message', ({ id, password, hash }) => {
  let matches = false;
  try { matches = bcrypt.compareSync(password, hash); } catch { matches = false; }
  parentPort.postMessage({ id, matches });
});
`;

/** Too many comparisons waiting: the broker refuses the sign-in rather than queue without end. */
export class PasswordChecksBusy extends Error {
  constructor() {
    super('too many password checks waiting');
  }
}

/**
 * bcrypt comparisons on a thread of their own. bcrypt is slow on purpose (tens of milliseconds
 * each), and bcryptjs' asynchronous form still runs in the event loop in slices of up to 100 ms:
 * a burst of MQTT sign-ins with passwords would stall every connection and the HTTP API. Here they
 * run one at a time beside the event loop, and at most `maxWaiting` wait; more are refused.
 */
export class PasswordCheckWorker {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (matches: boolean) => void; reject: (error: Error) => void }>();

  constructor(private readonly maxWaiting = 256) {}

  compare = (password: string, hash: string): Promise<boolean> => {
    if (this.pending.size >= this.maxWaiting) return Promise.reject(new PasswordChecksBusy());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.started().postMessage({ id, password, hash });
    });
  };

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    for (const { reject } of this.pending.values()) reject(new Error('the node is stopping'));
    this.pending.clear();
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const bcryptPath = createRequire(import.meta.url).resolve('bcryptjs');
    const worker = new Worker(WORKER_SOURCE(bcryptPath), { eval: true });
    // Idle, the thread must not keep the process alive.
    worker.unref();
    worker.on('message', ({ id, matches }: { id: number; matches: boolean }) => {
      this.pending.get(id)?.resolve(matches);
      this.pending.delete(id);
    });
    worker.on('error', (error) => {
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
      this.worker = undefined;
    });
    this.worker = worker;
    return worker;
  }
}
