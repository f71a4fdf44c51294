import mqtt, { type IClientOptions, type IClientPublishOptions, type IClientSubscribeOptions, type MqttClient } from 'mqtt';
import type { WsMessageProperties } from '../../messages/ws-message';
import { type ClientError, type LinkEvents, LinkListeners, type MqttLink } from './mqtt-link';

/** mqtt.js on the caller's own thread, for places without web workers (the session's tests in Node). */
export class InThreadMqttLink implements MqttLink {
  private readonly listeners = new LinkListeners();

  private constructor(private readonly client: MqttClient) {
    client.on('connect', (connack) => this.listeners.emit('connect', { sessionPresent: connack.sessionPresent }));
    client.on('error', (error: ClientError) => this.listeners.emit('error', error));
    client.on('disconnect', (packet) => this.listeners.emit('disconnect', { reasonCode: packet.reasonCode }));
    client.on('close', () => this.listeners.emit('close'));
    client.on('offline', () => this.listeners.emit('offline'));
    client.on('reconnect', () => this.listeners.emit('reconnect'));
    client.on('end', () => this.listeners.emit('end'));
    client.on('message', (topic, payload, packet) =>
      this.listeners.emit('messages', [{ time: Date.now(), topic, payload, qos: packet.qos, retain: packet.retain, properties: packet.properties as WsMessageProperties | undefined }]),
    );
  }

  static open(url: string, options: IClientOptions): InThreadMqttLink {
    return new InThreadMqttLink(mqtt.connect(url, options));
  }

  on<E extends keyof LinkEvents>(event: E, listener: LinkEvents[E]): void {
    this.listeners.on(event, listener);
  }

  removeAllListeners(): void {
    this.listeners.clear();
  }

  async subscribeAsync(topicFilter: string, options: IClientSubscribeOptions): Promise<{ qos: number }[]> {
    return this.client.subscribeAsync(topicFilter, options);
  }

  async unsubscribeAsync(topicFilter: string): Promise<void> {
    await this.client.unsubscribeAsync(topicFilter);
  }

  async publishAsync(topic: string, payload: string, options: IClientPublishOptions): Promise<void> {
    await this.client.publishAsync(topic, payload, options);
  }

  async endAsync(force: boolean): Promise<void> {
    // A failed client may report errors while it ends; nobody listens for them any more.
    this.client.on('error', () => undefined);
    await this.client.endAsync(force);
    this.client.removeAllListeners();
  }
}
