import { Router } from 'express';
import type { MessageRates } from '../mqtt/message-rate.js';

export interface NodeFacts {
  nodeId: string;
  mqttPort: number;
  wsPort: number;
  mqttsPort: number | null;
  wssPort: number | null;
  /** With a CA, the TLS listeners verify client certificates: X_509 credentials can apply. */
  tls: { caFile: string | undefined } | undefined;
  /** Points per key a time-series query may answer (STARLING_MAX_DATAPOINTS). */
  maxDatapoints: number;
  /** Every extension the contract marks: this broker serves the whole contract. */
  extensions: string[];
  anonymousAccess(): { mode: string; allowed: boolean };
  messageRates(): MessageRates;
}

/** Facts about this node that the console reads once after sign-in. */
export function appRouter(node: NodeFacts): Router {
  const router = Router();
  router.get('/api/app/config', (_request, response) => {
    const anonymous = node.anonymousAccess();
    response.json({
      tcpPort: node.mqttPort,
      tcpListenerEnabled: true,
      wsPort: node.wsPort,
      wsListenerEnabled: true,
      wsPath: '/mqtt',
      tlsListenerEnabled: node.mqttsPort !== null,
      wssListenerEnabled: node.wssPort !== null,
      ...(node.mqttsPort === null ? {} : { tlsPort: node.mqttsPort }),
      ...(node.wssPort === null ? {} : { wssPort: node.wssPort }),
      // Client credentials are always enforced once they exist (see anonymousAccess* for the rest).
      basicAuthEnabled: true,
      x509AuthEnabled: node.tls?.caFile !== undefined,
      anonymousAccessMode: anonymous.mode,
      anonymousAccessAllowed: anonymous.allowed,
    });
  });
  router.get('/api/starling/extensions', (_request, response) => {
    response.json({ extensions: node.extensions });
  });
  router.get('/api/app/message-rate', (_request, response) => {
    response.json(node.messageRates());
  });
  router.get('/api/app/brokers', (_request, response) => {
    response.json([node.nodeId]);
  });
  router.get('/api/edges/enabled', (_request, response) => {
    response.json(false);
  });
  router.get('/api/dashboard/maxDatapointsLimit', (_request, response) => {
    response.json(node.maxDatapoints);
  });
  router.get('/api/uiSettings/helpBaseUrl', (_request, response) => {
    // Empty: the console serves its help pages from its own assets.
    response.json('');
  });
  return router;
}
