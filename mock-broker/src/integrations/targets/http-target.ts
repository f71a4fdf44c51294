import http from 'node:http';
import https from 'node:https';
import type { HttpSettings } from '../client-settings.js';
import type { BacklogEntry } from '../delivery/captured-message.js';
import type { Target } from '../delivery/deliverer.js';
import { documentPayload, messageDocument, sentContentType, type DocumentSource } from '../delivery/message-document.js';

/** How much of a refusal's answer the error event keeps. */
const MAX_ERROR_ANSWER = 1024;

const CONTENT_TYPES = { JSON: 'application/json', TEXT: 'text/plain; charset=utf-8', BINARY: 'application/octet-stream' } as const;

interface Answer {
  status: number;
  text: string;
}

/**
 * Sends each message in its own request to a web service (the production broker's HTTP
 * integration), with a connection pool of maxParallelRequests kept alive between requests. A 2xx
 * answer delivers the message; any other answer, a timeout or a network error fails the attempt,
 * and the error keeps the status and the start of the answer.
 */
export class HttpTarget implements Target {
  readonly mode = 'per-topic';
  readonly maxInFlight: number;
  readonly #settings: HttpSettings;
  readonly #source: DocumentSource;
  readonly #agent: http.Agent;

  constructor(settings: HttpSettings, source: DocumentSource) {
    this.#settings = settings;
    this.#source = source;
    this.maxInFlight = settings.maxParallelRequests;
    const credentials = settings.credentials;
    const pooled = { keepAlive: true, maxSockets: settings.maxParallelRequests };
    this.#agent =
      settings.url.protocol === 'https:'
        ? new https.Agent({
            ...pooled,
            ...(credentials.type === 'cert.PEM'
              ? { cert: credentials.cert ?? undefined, key: credentials.privateKey ?? undefined, passphrase: credentials.privateKeyPassword ?? undefined }
              : {}),
            ...(credentials.caCert ? { ca: credentials.caCert } : {}),
          })
        : new http.Agent(pooled);
  }

  async start(): Promise<void> {
    // No connection to open: requests open theirs.
  }

  async send(entries: BacklogEntry[]): Promise<void> {
    for (const entry of entries) {
      const { body, contentType } = this.#body(entry);
      const answer = await this.#request(this.#settings.method, body, contentType);
      if (answer.status < 200 || answer.status > 299) {
        throw new Error(`${this.#settings.method} ${this.#settings.url.origin}${this.#settings.url.pathname} answered ${answer.status}${answer.text ? `: ${answer.text}` : ''}`);
      }
    }
  }

  /** Whether the service answers at all: a HEAD request; any answer below 500 counts. */
  async check(): Promise<void> {
    const answer = await this.#request('HEAD', undefined, undefined);
    if (answer.status >= 500) throw new Error(`The service answered ${answer.status}${answer.text ? `: ${answer.text}` : ''}`);
  }

  async close(): Promise<void> {
    this.#agent.destroy();
  }

  #body(entry: BacklogEntry): { body: Buffer; contentType: string } {
    const { payloadContentType, sendBinaryOnParseFailure } = this.#settings;
    if (this.#settings.sendOnlyMsgPayload) {
      return { body: entry.payload, contentType: CONTENT_TYPES[sentContentType(entry.payload, payloadContentType, sendBinaryOnParseFailure)] };
    }
    const payload = documentPayload(entry.payload, payloadContentType, sendBinaryOnParseFailure);
    return { body: messageDocument(entry, this.#source, payload), contentType: CONTENT_TYPES.JSON };
  }

  #request(method: string, body: Buffer | undefined, contentType: string | undefined): Promise<Answer> {
    const { url, headers, credentials, readTimeoutMs, maxResponseBytes } = this.#settings;
    const sent: Record<string, string> = { ...(contentType ? { 'content-type': contentType } : {}), ...lowerCased(headers) };
    if (credentials.type === 'basic') {
      sent.authorization = `Basic ${Buffer.from(`${credentials.username ?? ''}:${credentials.password ?? ''}`, 'utf8').toString('base64')}`;
    }
    if (body) sent['content-length'] = String(body.length);
    const module = url.protocol === 'https:' ? https : http;
    return new Promise<Answer>((resolve, reject) => {
      const request = module.request(url, { method, headers: sent, agent: this.#agent }, (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= maxResponseBytes) chunks.push(chunk);
          else response.destroy(new Error(`the answer is larger than ${maxResponseBytes} bytes`));
        });
        response.on('error', reject);
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8').slice(0, MAX_ERROR_ANSWER) }));
      });
      request.setTimeout(readTimeoutMs, () => request.destroy(new Error(`no answer within ${readTimeoutMs} ms`)));
      request.on('error', reject);
      request.end(body);
    });
  }
}

function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
