import type { Router } from 'express';
import type { RetainedView } from '../mqtt/persistence/retained-view.js';
import { retainedMessageRouter } from './retained-message-router.js';
import { RetainedMessageService } from './retained-message-service.js';

/** How often messages past their expiry leave the store (and the tree's counts), between SUBSCRIBEs that would find them. */
export const EXPIRED_SWEEP_INTERVAL_MS = 60_000;

export interface RetainedMessagesArea {
  routers: Router[];
  cleanups: (() => void)[];
}

/** The retained messages area of a node: its API over the broker's retained store, and the sweep of expired messages. */
export function startRetainedMessages({ retained }: { retained: RetainedView }): RetainedMessagesArea {
  const sweep = setInterval(() => retained.deleteExpired(), EXPIRED_SWEEP_INTERVAL_MS);
  sweep.unref();
  return {
    routers: [retainedMessageRouter(new RetainedMessageService(retained), retained)],
    cleanups: [() => clearInterval(sweep)],
  };
}
