import type { Client } from 'aedes';
import type { Packet } from 'mqtt-packet';
import type { MqttBroker } from '../mqtt-broker.js';
import { onInboundPacket } from '../packet-hooks.js';
import { MALFORMED_PACKET, PROTOCOL_ERROR } from '../reason-codes.js';

type ClosingClient = Client & {
  version: number | null;
  connackSent: boolean;
  disconnect(options: { reasonCode: number }, done?: () => void): void;
  close(done?: () => void): void;
};

const NUL = '\u0000';

/**
 * Whether a string field of the packet holds U+0000: topics, filters, identifiers and the string
 * properties. Runs on every packet, so it walks the fields in place (no iterator, no list): a
 * PUBLISH without properties costs one search of its topic.
 */
function holdsNul(packet: Packet): boolean {
  switch (packet.cmd) {
    case 'publish':
      if (packet.topic.includes(NUL)) return true;
      break;
    case 'connect':
      if (packet.clientId.includes(NUL) || packet.username?.includes(NUL) === true || packet.will?.topic.includes(NUL) === true) return true;
      break;
    case 'subscribe':
      for (const subscription of packet.subscriptions) if (subscription.topic.includes(NUL)) return true;
      break;
    case 'unsubscribe':
      for (const topicFilter of packet.unsubscriptions) if (topicFilter.includes(NUL)) return true;
      break;
  }
  const properties = (packet as { properties?: Record<string, unknown> }).properties;
  return properties !== undefined && propertiesHoldNul(properties);
}

function propertiesHoldNul(properties: Record<string, unknown>): boolean {
  for (const key in properties) {
    const value = properties[key];
    if (typeof value === 'string') {
      if (value.includes(NUL)) return true;
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value) && !Array.isArray(value)) {
      // User properties: names and values, a value repeated as an array.
      const userProperties = value as Record<string, unknown>;
      for (const name in userProperties) {
        if (name.includes(NUL)) return true;
        const userValue = userProperties[name];
        if (typeof userValue === 'string' ? userValue.includes(NUL) : Array.isArray(userValue) && userValue.some((each) => typeof each === 'string' && each.includes(NUL))) return true;
      }
    }
  }
  return false;
}

/** What makes a parsed packet break the standard though the parser took it, or undefined. */
function violation(packet: Packet): { reasonCode: number; why: string } | undefined {
  // MQTT 3.1.1 [MQTT-1.5.3-1], MQTT 5 section 1.5.4: marked by the parser (patches/README.md).
  if ((packet as { illFormedUtf8?: boolean }).illFormedUtf8) return { reasonCode: MALFORMED_PACKET, why: 'a string is not well-formed UTF-8' };
  // MQTT 3.1.1 [MQTT-1.5.3-2], MQTT 5 section 1.5.4: no UTF-8 string may hold U+0000.
  if (holdsNul(packet)) return { reasonCode: MALFORMED_PACKET, why: 'a string holds U+0000' };
  const needsIdentifier = packet.cmd === 'subscribe' || packet.cmd === 'unsubscribe' || (packet.cmd === 'publish' && packet.qos > 0);
  // [MQTT-2.3.1-1] / MQTT 5 section 2.2.1: a non-zero Packet Identifier.
  if (needsIdentifier && !packet.messageId) return { reasonCode: PROTOCOL_ERROR, why: 'Packet Identifier 0' };
  // MQTT 5 section 3.3.2.1: an empty Topic Name needs a Topic Alias to stand for it; MQTT 3.1.1 [MQTT-4.7.3-1]: never empty.
  if (packet.cmd === 'publish' && packet.topic === '' && packet.properties?.topicAlias === undefined) return { reasonCode: PROTOCOL_ERROR, why: 'an empty topic without a Topic Alias' };
  // [MQTT-3.10.3-2] / MQTT 5 section 3.10.3: at least one Topic Filter.
  if (packet.cmd === 'unsubscribe' && packet.unsubscriptions.length === 0) return { reasonCode: PROTOCOL_ERROR, why: 'UNSUBSCRIBE without a topic filter' };
  return undefined;
}

/**
 * Refuses packets mqtt-packet parses but the standard does not allow, before Aedes acts on them:
 * an MQTT 5 client is told why (DISCONNECT 0x81 or 0x82), anything else — an MQTT 3.1.1 client, or
 * a connection not accepted yet — is closed, as both standards say.
 */
export function refuseMalformedPackets(broker: MqttBroker): void {
  onInboundPacket(broker, (client, packet) => {
    const found = violation(packet);
    if (!found) return true;
    const closing = client as ClosingClient;
    broker.emit('clientError', client, new Error(`malformed ${packet.cmd}: ${found.why}`));
    if (closing.version === 5 && closing.connackSent) closing.disconnect({ reasonCode: found.reasonCode });
    else closing.close();
    return false;
  });
}
