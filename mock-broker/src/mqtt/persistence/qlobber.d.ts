// qlobber ships no types; these cover the parts the persistence uses, as Aedes' own persistence
// uses them (QlobberSub is the trie aedes-persistence keeps its QoS 1/2 subscriptions in).

declare module 'qlobber' {
  export interface QlobberOptions {
    separator?: string;
    wildcard_one?: string;
    wildcard_some?: string;
  }

  /** Answers whether a topic matches any of the filters added. */
  export class QlobberTrue {
    constructor(options?: QlobberOptions);
    add(topicFilter: string): this;
    test(topic: string): boolean;
  }
}

declare module 'qlobber/aedes/qlobber-sub.js' {
  import type { QlobberOptions } from 'qlobber';

  export interface TrieSubscription {
    clientId: string;
    topic: string;
    qos: number;
    rh?: number | undefined;
    rap?: boolean | undefined;
    nl?: boolean | undefined;
  }

  /** Topic filter → one entry per client; `match` returns the subscriptions a topic reaches. */
  export default class QlobberSub {
    constructor(options?: QlobberOptions);
    readonly subscriptionsCount: number;
    add(topicFilter: string, subscription: TrieSubscription): this;
    remove(topicFilter: string, subscription: Pick<TrieSubscription, 'clientId' | 'topic'>): this;
    match(topic: string): TrieSubscription[];
    clear(): this;
  }
}
