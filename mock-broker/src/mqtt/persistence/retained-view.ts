import type { RetainedEntry } from './persistence-rows.js';
import type { RetainedMessages } from './retained-messages.js';

export interface RetainedMessageView {
  topic: string;
  payload: Buffer | string;
  qos: number;
  /** MQTT 5 properties as published: user properties, content type, correlation data… */
  properties: Record<string, unknown>;
  createdTime: number;
}

export interface RetainedQuery {
  /** An MQTT topic filter; `#` lists them all. */
  topicFilter?: string;
  limit?: number;
  offset?: number;
}

export interface RetainedPage {
  items: RetainedMessageView[];
  /** How many messages match the filter, across all pages. */
  total: number;
}

function toView({ packet, createdTime }: RetainedEntry): RetainedMessageView {
  return {
    topic: packet.topic ?? '',
    payload: packet.payload ?? Buffer.alloc(0),
    qos: packet.qos ?? 0,
    properties: { ...packet.properties },
    createdTime,
  };
}

// A message past its expiry is no longer delivered to subscribers, so the console does not list it.
const isLive = ({ packet }: RetainedEntry, now: number) => packet.messageExpiry === undefined || packet.messageExpiry > now;

/** The retained messages, for the console: filter by topic, page, read one, delete one. */
export class RetainedView {
  constructor(private readonly retained: RetainedMessages) {}

  /** Matching messages ordered by topic. */
  list({ topicFilter = '#', limit = 50, offset = 0 }: RetainedQuery = {}, now = Date.now()): RetainedPage {
    const entries = [...this.retained.matching([topicFilter])]
      .filter((entry) => isLive(entry, now))
      .sort((a, b) => ((a.packet.topic ?? '') < (b.packet.topic ?? '') ? -1 : 1));
    return { items: entries.slice(offset, offset + limit).map(toView), total: entries.length };
  }

  get(topic: string, now = Date.now()): RetainedMessageView | undefined {
    const entry = this.retained.get(topic);
    return entry && isLive(entry, now) ? toView(entry) : undefined;
  }

  /** Deletes the topic's retained message; false when there was none. */
  delete(topic: string): boolean {
    return this.retained.remove(topic);
  }
}
