import mqtt, { type IClientOptions, type IClientPublishOptions, type MqttClient } from 'mqtt';
import type { MqttSettings } from '../client-settings.js';
import type { BacklogEntry } from '../delivery/captured-message.js';
import { errorText, PartialDelivery, type Target } from '../delivery/deliverer.js';
import { messageDocument, type DocumentSource } from '../delivery/message-document.js';

/** Messages published before their acknowledgements are awaited together. */
const BATCH = 200;

/** mqtt.js's client, with the in-flight store it exposes (to give up messages a lost connection holds). */
type PublishingClient = MqttClient & { outgoing: Record<number, unknown>; removeOutgoingMessage(messageId: number): MqttClient };

/** The target topic: the source topic, or the configured one with `${topic}` standing for the source. */
export function targetTopic(settings: MqttSettings, sourceTopic: string): string {
  return settings.useMsgTopicName ? sourceTopic : settings.topicName.replaceAll('${topic}', sourceTopic);
}

export function mqttClientOptions(settings: MqttSettings, clientId: string, reconnect: boolean): IClientOptions {
  const { credentials } = settings;
  return {
    host: settings.host,
    port: settings.port,
    protocol: settings.ssl ? 'mqtts' : 'mqtt',
    clientId,
    protocolVersion: settings.mqttVersion,
    clean: true,
    keepalive: settings.keepAliveSec,
    connectTimeout: settings.connectTimeoutSec * 1000,
    reconnectPeriod: reconnect ? Math.max(settings.reconnectPeriodSec, 1) * 1000 : 0,
    ...(credentials.type === 'basic' ? { username: credentials.username, password: credentials.password } : {}),
    ...(credentials.caCert ? { ca: credentials.caCert } : {}),
    ...(credentials.type === 'cert.PEM'
      ? { cert: credentials.cert ?? undefined, key: credentials.privateKey ?? undefined, passphrase: credentials.privateKeyPassword ?? undefined }
      : {}),
    rejectUnauthorized: true,
  };
}

/** Connects once; resolves with the connected client or rejects with why it could not connect. */
export function connectOnce(options: IClientOptions): Promise<MqttClient> {
  return new Promise<MqttClient>((resolve, reject) => {
    const client = mqtt.connect(options);
    let lastError: Error | undefined;
    const failed = () => {
      client.end(true);
      reject(new Error(`Could not connect to ${options.host}:${options.port}${lastError ? `: ${errorText(lastError)}` : ''}`));
    };
    client.on('error', (error) => {
      lastError = error;
      failed();
    });
    client.once('close', failed);
    client.once('connect', () => {
      client.removeListener('close', failed);
      client.removeAllListeners('error');
      resolve(client);
    });
  });
}

/**
 * Publishes to another MQTT broker (the production broker's MQTT integration) over one
 * connection, in backlog order: batches of messages are published back to back and the batch is
 * delivered once each is acknowledged (at QoS 0, once written). A batch interrupted by a lost
 * connection counts the messages acknowledged up to the first that was not; the rest are given
 * up by the client and sent again by the deliverer once it has reconnected, in order.
 */
export class MqttTarget implements Target {
  readonly mode = 'in-order';
  readonly maxInFlight = BATCH;
  readonly #settings: MqttSettings;
  readonly #source: DocumentSource;
  #client: PublishingClient | undefined;
  #lastError: string | undefined;

  constructor(settings: MqttSettings, source: DocumentSource) {
    this.#settings = settings;
    this.#source = source;
  }

  async start(): Promise<void> {
    const client = (await connectOnce(mqttClientOptions(this.#settings, this.#settings.clientId, true))) as PublishingClient;
    client.on('error', (error) => {
      this.#lastError = errorText(error);
    });
    client.on('close', () => this.#giveUpInFlight(client));
    this.#client = client;
  }

  async send(entries: BacklogEntry[]): Promise<void> {
    const client = this.#client;
    if (!client?.connected) {
      throw new PartialDelivery(0, `Not connected to ${this.#settings.host}:${this.#settings.port}${this.#lastError ? ` (${this.#lastError})` : ''}`);
    }
    const results = await Promise.all(entries.map((entry) => this.#publish(client, entry)));
    const delivered = results.findIndex((result) => result !== undefined);
    if (delivered === -1) return;
    throw new PartialDelivery(delivered, results[delivered] ?? 'not acknowledged');
  }

  async close(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    if (client) await client.endAsync(true);
  }

  /** Resolves with undefined once acknowledged, or with why it was not. */
  #publish(client: MqttClient, entry: BacklogEntry): Promise<string | undefined> {
    const settings = this.#settings;
    const payload = settings.sendOnlyMsgPayload ? entry.payload : messageDocument(entry, this.#source, entry.payload.toString('base64'));
    const options: IClientPublishOptions = {
      qos: settings.useMsgQoS ? entry.qos : settings.qos,
      retain: settings.useMsgRetain ? entry.retain : settings.retained,
      ...(settings.mqttVersion === 5 && settings.sendOnlyMsgPayload
        ? { properties: { ...(entry.userProperties ? { userProperties: entry.userProperties } : {}), ...(entry.contentType ? { contentType: entry.contentType } : {}) } }
        : {}),
    };
    return new Promise((resolve) => {
      client.publish(targetTopic(settings, entry.topic), payload, options, (error) => resolve(error ? errorText(error) : undefined));
    });
  }

  /** The connection is gone: its unacknowledged messages fail now (the deliverer sends them again). */
  #giveUpInFlight(client: PublishingClient): void {
    for (const messageId of Object.keys(client.outgoing)) client.removeOutgoingMessage(Number(messageId));
  }
}
