import type { Client } from 'aedes';
import type { MqttBroker } from './mqtt-broker.js';
import { withoutWillDelay, type StoredWill as Will } from './will-delivery.js';

type StoredWill = Will & { clientId: string; brokerId: string };

/**
 * Publishes the wills a previous run of this node left stored: its clients' connections ended
 * when it stopped without a DISCONNECT, so each will is due (MQTT 3.1.2.5). Aedes' own sweep skips
 * wills of its own broker id. A will with a Will Delay Interval waits that long from the start, and
 * is dropped if its client connects again first (Aedes replaces the stored will then), unless it
 * connects with Clean Start: that ends the session the will waited on, so it goes out at once. A will the
 * access rules of now would refuse (its credentials gone or changed, its topic no longer allowed)
 * is dropped unpublished.
 * Answers a function that cancels the waiting ones.
 */
export async function publishOrphanedWills(broker: MqttBroker, mayPublish: (will: StoredWill) => boolean): Promise<() => void> {
  const waiting = new Map<string, { will: StoredWill; timer: NodeJS.Timeout }>();
  const forget = (will: StoredWill) => broker.persistence.delWill({ id: will.clientId }).then(() => undefined);
  // Judged when it is due, by the rules of that moment: credentials may have changed while the node was down.
  const publish = (will: StoredWill) =>
    mayPublish(will)
      ? new Promise<void>((resolve) => {
          broker.publish(withoutWillDelay(will), () => void forget(will).then(resolve));
        })
      : forget(will);
  for await (const stored of broker.persistence.streamWill({})) {
    const will = stored as StoredWill;
    const delaySeconds = will.properties?.willDelayInterval ?? 0;
    if (delaySeconds <= 0) {
      await publish(will);
      continue;
    }
    const timer = setTimeout(() => {
      waiting.delete(will.clientId);
      void broker.persistence.getWill({ id: will.clientId }).then((current) => {
        if (current === will) void publish(will);
      });
    }, delaySeconds * 1000);
    waiting.set(will.clientId, { will, timer: timer.unref() });
  }
  if (waiting.size === 0) return () => {};

  // Once the client is in: a refused connection leaves the will waiting on its delay.
  const returned = (client: Client) => {
    const pending = waiting.get(client.id);
    if (!pending) return;
    clearTimeout(pending.timer);
    waiting.delete(client.id);
    // Not forgotten here: the CONNECT has replaced the stored will already, perhaps with a new one.
    if ((client as Client & { clean: boolean }).clean && mayPublish(pending.will)) broker.publish(withoutWillDelay(pending.will), () => {});
  };
  broker.on('client', returned);
  return () => {
    broker.off('client', returned);
    waiting.forEach(({ timer }) => clearTimeout(timer));
  };
}
