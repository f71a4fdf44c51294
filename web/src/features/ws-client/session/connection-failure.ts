import type { IntlShape } from 'react-intl';
import { connackReasonCode, connackReasonMessage, formatReason, refusesProtocolVersion } from './reason-codes';
import { disconnectReasonMessage } from '../../../components/mqtt/disconnect-reasons';

/**
 * Why a connection failed or ended against the operator's wish; the page always says one of
 * these rather than failing silently.
 */
export type ConnectionFailure =
  /** The broker answered CONNECT with a refusal; `code` as the CONNACK carried it. */
  | { kind: 'CONNACK'; code: number; protocolVersion: number; offerMqtt311: boolean }
  /** The broker sent DISCONNECT with a reason (MQTT 5). */
  | { kind: 'DISCONNECT'; code: number }
  /** The WebSocket did not open or closed before the broker answered: nothing listening, upgrade refused. */
  | { kind: 'WEBSOCKET'; url: string; detail?: string }
  | { kind: 'MALFORMED_URL'; url: string }
  | { kind: 'CONNECT_TIMEOUT'; timeoutMs: number }
  /** The connection was up and closed without the broker giving a reason. */
  | { kind: 'CONNECTION_LOST' }
  /** The connection needs a password the operator did not give. */
  | { kind: 'PASSWORD_MISSING' }
  /** Anything else the client reported, with its own words. */
  | { kind: 'CLIENT_ERROR'; detail: string };

export function connackFailure(code: number, protocolVersion: number): ConnectionFailure {
  return { kind: 'CONNACK', code, protocolVersion, offerMqtt311: protocolVersion !== 4 && refusesProtocolVersion(code, protocolVersion) };
}

/** Whether a URL is one mqtt.js can open a WebSocket to: ws:// or wss:// with a host. */
export function isWebSocketUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'ws:' || parsed.protocol === 'wss:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/** The failure in one sentence of the reader's language, with the MQTT code where there is one. */
export function describeFailure(intl: IntlShape, failure: ConnectionFailure): string {
  switch (failure.kind) {
    case 'CONNACK': {
      const reason = formatReason(intl, connackReasonMessage(failure.code, failure.protocolVersion));
      return intl.formatMessage({ id: 'ws-client.failure-connack' }, { reason, code: connackReasonCode(failure.code, failure.protocolVersion), received: failure.code });
    }
    case 'DISCONNECT':
      return intl.formatMessage({ id: 'ws-client.failure-disconnect' }, { reason: formatReason(intl, disconnectReasonMessage(failure.code)), code: failure.code });
    case 'WEBSOCKET':
      return intl.formatMessage({ id: 'ws-client.failure-websocket' }, { url: failure.url, detail: failure.detail ?? '' });
    case 'MALFORMED_URL':
      return intl.formatMessage({ id: 'ws-client.failure-malformed-url' }, { url: failure.url });
    case 'CONNECT_TIMEOUT':
      return intl.formatMessage({ id: 'ws-client.failure-connect-timeout' }, { timeout: failure.timeoutMs });
    case 'CONNECTION_LOST':
      return intl.formatMessage({ id: 'ws-client.failure-connection-lost' });
    case 'PASSWORD_MISSING':
      return intl.formatMessage({ id: 'ws-client.failure-password-missing' });
    case 'CLIENT_ERROR':
      return intl.formatMessage({ id: 'ws-client.failure-client-error' }, { detail: failure.detail });
  }
}
