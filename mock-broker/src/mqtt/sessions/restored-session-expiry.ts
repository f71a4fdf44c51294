import type { Client } from 'aedes';
import type { ClientEventLog } from '../client-event-log.js';
import { timerUntil, type DueTimer } from '../due-timer.js';
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
  private readonly timers = new Map<string, DueTimer>();

  constructor(
    private readonly broker: MqttBroker,
    private readonly sessions: SessionRegistry,
    private readonly events: ClientEventLog,
  ) {
    broker.on('clientReady', (client: Client) => this.cancel(client.id));
  }

  schedule(session: ExpiringSession, now = Date.now()): void {
    if (session.sessionExpiryInterval >= NEVER_EXPIRES || session.disconnectedAt === null) return;
    const endsAt = session.disconnectedAt + session.sessionExpiryInterval * 1000;
    if (endsAt <= now) {
      this.expire(session.clientId);
      return;
    }
    // An interval may reach 136 years: far past what one Node timer holds.
    this.timers.set(session.clientId, timerUntil(endsAt, () => this.expire(session.clientId)));
  }

  cancel(clientId: string): void {
    this.timers.get(clientId)?.cancel();
    this.timers.delete(clientId);
  }

  close(): void {
    for (const timer of this.timers.values()) timer.cancel();
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
