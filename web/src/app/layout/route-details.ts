import type { EntityType } from '../../components/entity/entity-labels';

/**
 * The list pages whose item details open from a URL parameter (so they can be linked to): the
 * breadcrumbs then end with the item, after a link back to the list that keeps its other parameters
 * (its filter, its view). The parameter names are the pages' own (see route-details.test.ts).
 */
export const ROUTE_DETAILS: Readonly<Record<string, { param: string; entityType: EntityType }>> = {
  '/sessions': { param: 'session', entityType: 'MQTT_SESSION' },
  '/retained-messages': { param: 'topic', entityType: 'RETAINED_MESSAGE' },
};
