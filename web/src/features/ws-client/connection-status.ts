import type { Intent } from '@blueprintjs/core';

/** Spec section 3, web-socket client: the states a connection of the page goes through. */
export const CONNECTION_STATUSES = ['CONNECTED', 'CONNECTING', 'DISCONNECTED', 'CONNECTION_FAILED', 'RECONNECTING', 'CLOSE', 'END', 'OFFLINE'] as const;

export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** How a status reads at a glance: green connected, amber on the way, red failed, grey at rest. */
export function connectionStatusIntent(status: ConnectionStatus | undefined): Intent {
  switch (status) {
    case 'CONNECTED':
      return 'success';
    case 'CONNECTING':
    case 'RECONNECTING':
      return 'warning';
    case 'CONNECTION_FAILED':
    case 'OFFLINE':
      return 'danger';
    default:
      return 'none';
  }
}
