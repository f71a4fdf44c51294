import type { Client } from 'aedes';
import type { SendPacket, WriteDone } from './connection-flow.js';

export type OutgoingPacket = { cmd: string; messageId?: number; reasonCode?: number };
/** Aedes' `outgoing` option (patches/README.md, 001): sees every packet written to a connected client. */
export type OutgoingHook = (client: Client, packet: OutgoingPacket, done: WriteDone, send: SendPacket) => void;

/** The persistence's side: calls back once every change made so far is committed (WriteBehind.afterStored). */
export interface CommitSignal {
  afterStored(callback: (error?: Error) => void): void;
}

/**
 * A PUBACK leaves only once the commit that stores its message has returned, so that a QoS 1
 * message the broker has acknowledged is in the queue of every persistent session it matches, even
 * if the process dies the next instant. Aedes publishes the message before it writes the PUBACK
 * (patches/README.md, 002), so the changes it made are pending when the PUBACK gets here.
 *
 * Only the PUBACK waits, not the client: Aedes reads a client's next packets once it has handled
 * all those of the last read, the PUBACK included, so this tells Aedes the PUBACK is written at
 * once; a publisher's next messages are read, published and acknowledged in the next commit while
 * this one waits. PUBACKs leave in the order they were written (MQTT 5 section 4.6), all of one
 * commit together. Delivery to connected subscribers does not wait: should the process die before
 * the commit, the publisher, which got no PUBACK, sends the message again, and QoS 1 allows the
 * second delivery. When the store closes first (the node is stopping) the PUBACK is not sent: the
 * client sends the message again on its next connection.
 *
 * QoS 2 needs no holding here: its PUBREC follows a publish that waited for the commit itself
 * (SqlitePersistence.outgoingEnqueueCombi).
 */
export function acknowledgeOnceStored(store: CommitSignal) {
  return (client: Client, packet: object, done: WriteDone, send: SendPacket): void => {
    if ((packet as OutgoingPacket).cmd !== 'puback') return send(client, packet, done);
    store.afterStored((error) => {
      if (!error) send(client, packet, ignoreClosedConnection);
    });
    setImmediate(done);
  };
}

function ignoreClosedConnection(): void {
  // The publisher left before its PUBACK: it sends the message again when it returns.
}
