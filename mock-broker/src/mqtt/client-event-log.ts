export type ClientEventType = 'CONNECTED' | 'DISCONNECTED' | 'TAKEN_OVER' | 'AUTHENTICATION_FAILED' | 'SESSION_EXPIRED' | 'KEEP_ALIVE_TIMEOUT';

/** Who ended a connection: the client (DISCONNECT or closed socket), the broker, or an administrator. */
export type DisconnectInitiator = 'CLIENT' | 'BROKER' | 'ADMINISTRATOR';

export interface ClientEvent {
  ts: number;
  clientId: string;
  type: ClientEventType;
  address?: string;
  protocolVersion?: number;
  reason?: string;
  reasonCode?: number;
  initiator?: DisconnectInitiator;
}

/**
 * The recent history of client events, newest last, bounded so that a reconnect storm
 * cannot grow memory without limit. Older events fall off the front.
 */
export class ClientEventLog {
  private readonly events: ClientEvent[] = [];

  constructor(private readonly capacity = 10_000) {}

  record(event: ClientEvent): void {
    this.events.push(event);
    if (this.events.length > this.capacity) this.events.splice(0, this.events.length - this.capacity);
  }

  forClient(clientId: string): ClientEvent[] {
    return this.events.filter((event) => event.clientId === clientId);
  }

  recent(limit = 100): ClientEvent[] {
    return this.events.slice(-limit);
  }
}
