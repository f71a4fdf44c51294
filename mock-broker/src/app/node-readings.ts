import type { NodeReadings } from '../monitoring/sampling/node-sampler.js';
import type { MqttListeners } from '../mqtt/connections/listeners.js';
import type { MqttViews } from './mqtt-core.js';

const NO_CONNECTIONS = { tcp: 0, tls: 0, ws: 0, wss: 0 };

/** The node's listeners, set once they are open. */
export interface OpenedListeners {
  listeners?: MqttListeners;
}

/** What the monitoring area samples, read from the broker's live views and the listeners (once they are open). */
export function nodeReadings(mqtt: MqttViews, opened: OpenedListeners): NodeReadings {
  return {
    counters: () => ({ ...mqtt.statistics.snapshot(), processedBytes: opened.listeners?.processedBytes() ?? 0 }),
    sessions: () => mqtt.sessions.counts().total,
    subscriptions: () => mqtt.sessions.subscriptionCount(),
    retainedMessages: () => mqtt.broker.persistence.retainedMessages.size,
    openConnections: () => opened.listeners?.openConnections() ?? NO_CONNECTIONS,
  };
}
