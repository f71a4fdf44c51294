import type { MqttBroker } from './mqtt-broker.js';
import { withoutWillDelay, type StoredWill as Will } from './will-delivery.js';

type StoredWill = Will & { clientId: string; brokerId: string };

/**
 * Publishes the wills a previous run of this node left stored: its clients' connections ended
 * when it stopped without a DISCONNECT, so each will is due (MQTT 3.1.2.5). Aedes' own sweep skips
 * wills of its own broker id. A will with a Will Delay Interval waits that long from the start, and
 * is dropped if its client connects again first (Aedes replaces the stored will then).
 * Answers a function that cancels the waiting ones.
 */
export async function publishOrphanedWills(broker: MqttBroker): Promise<() => void> {
  const timers: NodeJS.Timeout[] = [];
  const publish = (will: StoredWill) =>
    new Promise<void>((resolve) => {
      broker.publish(withoutWillDelay(will), () => {
        void broker.persistence.delWill({ id: will.clientId }).then(() => resolve());
      });
    });
  for await (const stored of broker.persistence.streamWill({})) {
    const will = stored as StoredWill;
    const delaySeconds = will.properties?.willDelayInterval ?? 0;
    if (delaySeconds <= 0) {
      await publish(will);
      continue;
    }
    const timer = setTimeout(() => {
      void broker.persistence.getWill({ id: will.clientId }).then((current) => {
        if (current === will) void publish(will);
      });
    }, delaySeconds * 1000);
    timers.push(timer.unref());
  }
  return () => timers.forEach(clearTimeout);
}
