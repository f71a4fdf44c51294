import type { EventEmitter } from 'node:events';
import type { Client } from 'aedes';
import type { Packet } from 'mqtt-packet';
import type { MqttBroker } from './mqtt-broker.js';

/**
 * Sees a packet a client sent before Aedes does; may change it in place. Answers false to keep it
 * from Aedes (the hook has answered the client itself, e.g. with a DISCONNECT).
 */
export type InboundPacketHook = (client: Client, packet: Packet) => boolean;

type PacketListener = (this: PacketParser, packet: Packet) => void;
type PacketParser = EventEmitter & { client: Client; listeners(event: 'packet'): PacketListener[] };

const installed = new WeakMap<MqttBroker, InboundPacketHook[]>();

/**
 * Adds a hook on the packets clients send, in the order hooks are added. One listener takes the
 * place of Aedes' own on each connection's parser (and calls it), not a second one beside it: an
 * event with several listeners copies their list on every emit, and the parser emits for every
 * packet.
 */
export function onInboundPacket(broker: MqttBroker, hook: InboundPacketHook): void {
  let hooks = installed.get(broker);
  if (!hooks) {
    hooks = [];
    installed.set(broker, hooks);
    const all = hooks;
    const handle = broker.handle.bind(broker);
    broker.handle = (connection, request) => {
      const client = handle(connection, request);
      const parser = (client as Client & { _parser: PacketParser })._parser;
      const aedesListeners = parser.listeners('packet');
      parser.removeAllListeners('packet');
      parser.on('packet', function (this: PacketParser, packet: Packet) {
        for (const each of all) if (!each(client, packet)) return;
        for (const listener of aedesListeners) listener.call(this, packet);
      });
      return client;
    };
  }
  hooks.push(hook);
}
