import type { GetWsConnections200 } from '../../../../api/generated/model/getWsConnections200';
import type { WsConnectionPage } from '../../../../api/generated/model/wsConnectionPage';

/**
 * The page GET /api/ws/connection answers when asked for one (openapi.yaml getWsConnections: the
 * same path answers a single connection when asked by name).
 */
export const connectionPageOf = (answer: GetWsConnections200 | undefined): WsConnectionPage | undefined => (answer && 'data' in answer ? answer : undefined);
