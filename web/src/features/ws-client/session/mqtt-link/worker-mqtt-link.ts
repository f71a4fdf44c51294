import type { IClientOptions, IClientPublishOptions, IClientSubscribeOptions } from 'mqtt';
import { type ClientError, type LinkEvents, LinkListeners, type MqttLink } from './mqtt-link';
import type { WireError, WorkerEvent, WorkerRequest } from './mqtt-worker-protocol';

type Pending = { resolve: (value: { qos: number }[] | undefined) => void; reject: (error: ClientError) => void };

function clientError({ message, code, granted }: WireError): ClientError {
  const error: ClientError = new Error(message);
  if (code !== undefined) error.code = code;
  if (granted) error.packet = { granted };
  return error;
}

/** The session's client in a worker (mqtt-worker.ts): one worker per connection attempt, ended with it. */
export class WorkerMqttLink implements MqttLink {
  private readonly worker = new Worker(new URL('./mqtt-worker.ts', import.meta.url), { type: 'module' });
  private readonly listeners = new LinkListeners();
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(url: string, options: IClientOptions) {
    this.worker.onmessage = ({ data }: MessageEvent<WorkerEvent>) => this.handle(data);
    // A worker that failed answers nothing more: whatever waits for it fails too.
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.rejectPending(event.message || 'the MQTT worker failed');
      this.listeners.emit('error', new Error(event.message || 'the MQTT worker failed'));
      this.listeners.emit('close');
    };
    this.send({ type: 'connect', url, options });
  }

  on<E extends keyof LinkEvents>(event: E, listener: LinkEvents[E]): void {
    this.listeners.on(event, listener);
  }

  removeAllListeners(): void {
    this.listeners.clear();
  }

  async subscribeAsync(topicFilter: string, options: IClientSubscribeOptions): Promise<{ qos: number }[]> {
    return (await this.ask((id) => ({ type: 'subscribe', id, topicFilter, options }))) ?? [];
  }

  async unsubscribeAsync(topicFilter: string): Promise<void> {
    await this.ask((id) => ({ type: 'unsubscribe', id, topicFilter }));
  }

  async publishAsync(topic: string, payload: string, options: IClientPublishOptions): Promise<void> {
    await this.ask((id) => ({ type: 'publish', id, topic, payload, options }));
  }

  async endAsync(force: boolean): Promise<void> {
    try {
      await this.ask((id) => ({ type: 'end', id, force }));
    } finally {
      this.worker.terminate();
      this.rejectPending('client ended');
    }
  }

  private rejectPending(reason: string): void {
    for (const { reject } of this.pending.values()) reject(new Error(reason));
    this.pending.clear();
  }

  private ask(request: (id: number) => WorkerRequest): Promise<{ qos: number }[] | undefined> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send(request(id));
    });
  }

  private send(request: WorkerRequest): void {
    this.worker.postMessage(request);
  }

  private handle(event: WorkerEvent): void {
    switch (event.type) {
      case 'answer': {
        const waiting = this.pending.get(event.id);
        this.pending.delete(event.id);
        if (event.error) waiting?.reject(clientError(event.error));
        else waiting?.resolve(event.value);
        return;
      }
      case 'messages':
        return this.listeners.emit('messages', event.messages);
      case 'connect':
        return this.listeners.emit('connect', { sessionPresent: event.sessionPresent });
      case 'error':
        return this.listeners.emit('error', clientError(event.error));
      case 'disconnect':
        return this.listeners.emit('disconnect', { reasonCode: event.reasonCode });
      default:
        return this.listeners.emit(event.type);
    }
  }
}
