import type { Client } from 'aedes';
import type { ClientEventLog } from '../client-event-log.js';
import type { MqttBroker } from '../mqtt-broker.js';
import type { ExpiringSession, SessionRegistry } from './session-registry.js';

/** MQTT 5 "never expires" (and every MQTT 3.1.1 persistent session). */
const NEVER_EXPIRES = 0xffffffff;

/**
 * Ends sessions restored from disk when their Session Expiry Interval runs out. Aedes keeps its
 * expiry timers in memory, so after a restart only this brings them back. A client that
 * reconnects in time takes its session back and Aedes' own timers apply again.
 */
export class RestoredSessionExpiry {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly broker: MqttBroker,
    private readonly sessions: SessionRegistry,
    private readonly events: ClientEventLog,
  ) {
    broker.on('clientReady', (client: Client) => this.cancel(client.id));
  }

  schedule(session: ExpiringSession, now = Date.now()): void {
    if (session.sessionExpiryInterval >= NEVER_EXPIRES || session.disconnectedAt === null) return;
    const remaining = session.disconnectedAt + session.sessionExpiryInterval * 1000 - now;
    if (remaining <= 0) {
      this.expire(session.clientId);
      return;
    }
    this.timers.set(session.clientId, setTimeout(() => this.expire(session.clientId), remaining).unref());
  }

  cancel(clientId: string): void {
    clearTimeout(this.timers.get(clientId));
    this.timers.delete(clientId);
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private expire(clientId: string): void {
    this.timers.delete(clientId);
    if (this.sessions.get(clientId)?.connectionState !== 'DISCONNECTED') return;
    this.broker.persistence.sessions.remove(clientId);
    this.sessions.remove(clientId);
    this.events.record({ ts: Date.now(), clientId, type: 'SESSION_EXPIRED' });
  }
}
