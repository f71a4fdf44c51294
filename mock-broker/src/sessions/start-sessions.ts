import type { Router } from 'express';
import type { ClientEventLog } from '../mqtt/client-event-log.js';
import type { MqttBroker } from '../mqtt/mqtt-broker.js';
import type { SessionRegistry } from '../mqtt/sessions/session-registry.js';
import type { SharedSubscriptions } from '../mqtt/shared-subscriptions.js';
import { sessionRouter } from './session-router.js';
import { SessionService } from './session-service.js';
import { subscriptionRouter } from './subscription-router.js';
import { SubscriptionService, type SubscriptionLimits } from './subscription-service.js';

/** What the sessions area reads and acts on: the broker and its live views. */
export interface SessionsAreaNeeds {
  broker: MqttBroker;
  sessions: SessionRegistry;
  events: ClientEventLog;
  sharedSubscriptions: SharedSubscriptions;
  limits: SubscriptionLimits;
}

/** The client sessions area: sessions, their subscriptions and events, and shared subscription groups. */
export function startSessions({ broker, sessions, events, sharedSubscriptions, limits }: SessionsAreaNeeds): { routers: Router[]; cleanups: (() => void)[] } {
  return {
    routers: [
      sessionRouter(new SessionService(broker, sessions, events)),
      subscriptionRouter(new SubscriptionService(broker, sessions, limits), sessions, sharedSubscriptions),
    ],
    cleanups: [],
  };
}
