import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { steadyPorts } from '../../../../scripts/ports.mjs';

export interface SinkRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A real web service an HTTP integration sends to: it keeps every request it took, and can be told
 * to refuse (answer a status) or be stopped and started again on the same port (the target down).
 */
export class HttpSink {
  readonly requests: SinkRequest[] = [];
  /** The status answered; 200 unless a test says otherwise. */
  status = 200;
  answer = 'ok';
  #server: http.Server | undefined;
  #port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.#port}/ingest`;
  }

  /** Bodies of the requests taken (answered 2xx), parsed as JSON. */
  taken<T = unknown>(): T[] {
    return this.requests.filter((request) => request.method !== 'HEAD').map((request) => JSON.parse(request.body.toString('utf8')) as T);
  }

  /** Starts on the same port every time, one no client socket takes while the sink is stopped. */
  async start(): Promise<void> {
    if (this.#port === 0) [this.#port] = (await steadyPorts(1)) as [number];
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const status = this.status;
        if (status >= 200 && status < 300) {
          this.requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
        }
        response.writeHead(status, { 'content-type': 'text/plain' }).end(this.answer);
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.#port, '127.0.0.1', () => resolve());
    });
    this.#port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  /** Closes the port and every open connection: requests now fail to connect. */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
