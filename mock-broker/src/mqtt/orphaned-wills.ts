import type { Client } from 'aedes';
import { timerUntil, type DueTimer } from './due-timer.js';
import type { MqttBroker } from './mqtt-broker.js';
import { withoutWillDelay, type StoredWill as Will } from './will-delivery.js';

type StoredWill = Will & { clientId: string; brokerId: string };

/** When the connection of a will's client ended, and how long its session outlives that. */
export interface EndedConnection {
  endedAt: number;
  sessionExpirySeconds: number;
}

/**
 * Publishes the wills a previous run of this node left stored: its clients' connections ended
 * when it stopped without a DISCONNECT, so each will is due (MQTT 3.1.2.5). Aedes' own sweep skips
 * wills of its own broker id. A will with a Will Delay Interval goes out when the delay has passed
 * since its connection ended, or when its session ends if that comes first (MQTT 5 section
 * 3.1.3.2.2); a connection whose end is not known (the node crashed) ended when the node came back.
 * It is dropped if its client connects again first (Aedes replaces the stored will then), unless it
 * connects with Clean Start: that ends the session the will waited on, so it goes out at once. A will the
 * access rules of now would refuse (its credentials gone or changed, its topic no longer allowed)
 * is dropped unpublished.
 * Answers a function that cancels the waiting ones.
 */
export async function publishOrphanedWills(
  broker: MqttBroker,
  mayPublish: (will: StoredWill) => boolean,
  endedConnection: (clientId: string) => EndedConnection | undefined = () => undefined,
): Promise<() => void> {
  const waiting = new Map<string, { will: StoredWill; timer: DueTimer }>();
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
    const now = Date.now();
    const dueAt = willDueAt(will, endedConnection(will.clientId), now);
    if (dueAt <= now) {
      await publish(will);
      continue;
    }
    // A Will Delay Interval may reach 136 years: far past what one Node timer holds.
    const timer = timerUntil(dueAt, () => {
      waiting.delete(will.clientId);
      void broker.persistence.getWill({ id: will.clientId }).then((current) => {
        // Gone with its session, which ended at the same moment: still due. Replaced: its client is back.
        if (current === will || current === undefined) void publish(will);
      });
    });
    waiting.set(will.clientId, { will, timer });
  }
  if (waiting.size === 0) return () => {};

  // Once the client is in: a refused connection leaves the will waiting on its delay.
  const returned = (client: Client) => {
    const pending = waiting.get(client.id);
    if (!pending) return;
    pending.timer.cancel();
    waiting.delete(client.id);
    // Not forgotten here: the CONNECT has replaced the stored will already, perhaps with a new one.
    // Clean Start ends the session (Aedes' `clean` says instead whether the new one outlives its connection).
    if ((client as Client & { _cleanStart?: boolean })._cleanStart === true && mayPublish(pending.will)) broker.publish(withoutWillDelay(pending.will), () => {});
  };
  broker.on('client', returned);
  return () => {
    broker.off('client', returned);
    waiting.forEach(({ timer }) => timer.cancel());
  };
}

/** When the will is due (milliseconds since the epoch): the delay or the session, whichever ends first. */
function willDueAt(will: StoredWill, ended: EndedConnection | undefined, now: number): number {
  const waitSeconds = Math.min(will.properties?.willDelayInterval ?? 0, ended?.sessionExpirySeconds ?? Infinity);
  return (ended?.endedAt ?? now) + waitSeconds * 1000;
}
