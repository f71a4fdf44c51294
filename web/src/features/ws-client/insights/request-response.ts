import { ChangeListeners } from '../messages/frame-batcher';
import type { WsMessage } from '../messages/ws-message';

/** Replies and unanswered requests kept for the tester's list. */
export const MAX_REQUESTS = 50;

export interface TrackedRequest {
  correlationData: string;
  requestTopic: string;
  responseTopic: string;
  sentAt: number;
  /** The first reply carrying the same correlation data, and the round trip in milliseconds. */
  reply?: { message: WsMessage; roundTripMs: number };
}

const utf8 = new TextDecoder();
const sameBytes = (bytes: Uint8Array, expected: Uint8Array) => bytes.length === expected.length && bytes.every((byte, index) => byte === expected[index]);

/**
 * Request/response (MQTT 5 section 4.10): requests sent with a response topic and correlation
 * data; a received message on the response topic with the same correlation data answers it.
 */
export class RequestTracker {
  private requests: (TrackedRequest & { correlationBytes: Uint8Array })[] = [];
  private readonly changes = new ChangeListeners();

  /** Whether a request waits for its reply: messages are looked at only then. */
  get waiting(): boolean {
    return this.requests.some((request) => request.reply === undefined);
  }

  get list(): readonly TrackedRequest[] {
    return this.requests;
  }

  track(request: Omit<TrackedRequest, 'reply'>): void {
    const correlationBytes = new TextEncoder().encode(request.correlationData);
    this.requests = [{ ...request, correlationBytes }, ...this.requests].slice(0, MAX_REQUESTS);
    this.changes.notify();
  }

  /** Matches a received message to the request it answers; true when it answered one. */
  consider(message: WsMessage): boolean {
    const correlation = message.properties?.correlationData;
    if (message.direction !== 'RECEIVED' || correlation === undefined) return false;
    const index = this.requests.findIndex((request) => request.reply === undefined && request.responseTopic === message.topic && sameBytes(correlation, request.correlationBytes));
    if (index < 0) return false;
    const request = this.requests[index] as TrackedRequest & { correlationBytes: Uint8Array };
    this.requests = this.requests.with(index, { ...request, reply: { message, roundTripMs: Math.max(0, message.time - request.sentAt) } });
    this.changes.notify();
    return true;
  }

  clear(): void {
    this.requests = [];
    this.changes.notify();
  }

  subscribe = (listener: () => void): (() => void) => this.changes.add(listener);
  getVersion = (): number => this.changes.version;
}

/** Correlation data as text, for showing. */
export const correlationText = (bytes: Uint8Array): string => utf8.decode(bytes);
