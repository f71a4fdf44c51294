import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import germanMessages from '../../../../public/assets/locale/locale.constant-de_DE.json';
import englishMessages from '../../../../public/assets/locale/locale.constant-en_US.json';
import { connackFailure, describeFailure, isWebSocketUrl } from './connection-failure';
import { connackReasonMessage, formatReason, subackReasonMessage } from './reason-codes';

const english = createIntl({ locale: 'en-US', messages: englishMessages, onError: () => undefined });
const german = createIntl({ locale: 'de-DE', messages: germanMessages, onError: () => undefined });

describe('MQTT reason codes of the web-socket client', () => {
  it('names refused CONNACKs of MQTT 5 and the return codes of MQTT 3.1.1 alike', () => {
    expect(formatReason(english, connackReasonMessage(0x86, 5))).toBe('Bad user name or password');
    expect(formatReason(english, connackReasonMessage(4, 4))).toBe('Bad user name or password');
    expect(formatReason(english, connackReasonMessage(0x87, 5))).toBe('Not authorized');
    expect(formatReason(english, connackReasonMessage(5, 4))).toBe('Not authorized');
    expect(formatReason(english, connackReasonMessage(1, 4))).toBe('Unsupported Protocol Version');
    expect(formatReason(english, connackReasonMessage(0x8a, 5))).toBe('Banned');
    expect(formatReason(english, connackReasonMessage(0x9f, 5))).toBe('Connection rate exceeded');
    expect(formatReason(german, connackReasonMessage(0x86, 5))).toBe('Falscher Benutzername oder falsches Passwort');
    expect(formatReason(english, connackReasonMessage(0xfe, 5))).toBe('Reason code 254');
  });

  it('reads SUBACK codes as the QoS granted or why the subscription was refused', () => {
    expect(formatReason(english, subackReasonMessage(1))).toBe('Granted QoS 1');
    expect(formatReason(english, subackReasonMessage(0x87))).toBe('Not authorized');
    expect(formatReason(english, subackReasonMessage(0x8f))).toBe('Topic Filter invalid');
    expect(formatReason(english, subackReasonMessage(0x91))).toBe('Packet Identifier in use');
    expect(formatReason(english, subackReasonMessage(0xa2))).toBe('Wildcard Subscriptions not supported');
  });

  it('offers MQTT 3.1.1 when the broker refuses the version asked for', () => {
    expect(connackFailure(0x84, 5)).toMatchObject({ offerMqtt311: true });
    expect(connackFailure(1, 5)).toMatchObject({ offerMqtt311: true });
    expect(connackFailure(1, 3)).toMatchObject({ offerMqtt311: true });
    expect(connackFailure(1, 4)).toMatchObject({ offerMqtt311: false });
    expect(connackFailure(0x86, 5)).toMatchObject({ offerMqtt311: false });
  });

  it('says every failure in a sentence, with the code', () => {
    expect(describeFailure(english, connackFailure(4, 4))).toBe('The broker refused the connection: Bad user name or password (code 134).');
    expect(describeFailure(english, { kind: 'DISCONNECT', code: 142 })).toBe('The broker ended the connection: Session taken over (code 142).');
    expect(describeFailure(english, { kind: 'MALFORMED_URL', url: 'http://x' })).toContain('“http://x” is not a WebSocket address');
    expect(describeFailure(english, { kind: 'CONNECT_TIMEOUT', timeoutMs: 30000 })).toBe('The broker did not answer CONNECT within 30,000 ms.');
    expect(describeFailure(english, { kind: 'WEBSOCKET', url: 'ws://h:1/mqtt' })).toContain('The WebSocket to ws://h:1/mqtt did not open');
    for (const intl of [english, german]) expect(describeFailure(intl, { kind: 'CONNECTION_LOST' })).not.toBe('ws-client.failure-connection-lost');
  });

  it('knows a WebSocket address when it sees one', () => {
    expect(isWebSocketUrl('ws://localhost:8084/mqtt')).toBe(true);
    expect(isWebSocketUrl('wss://broker.example')).toBe(true);
    expect(isWebSocketUrl('http://localhost:8084/mqtt')).toBe(false);
    expect(isWebSocketUrl('ws//localhost')).toBe(false);
    expect(isWebSocketUrl('ws://')).toBe(false);
  });
});
