/**
 * Aliases the broker uses towards one connection at most, however many more the client accepts
 * (it may use fewer, MQTT 5 section 3.3.2.3.4): as many as it accepts from a client
 * (TOPIC_ALIAS_MAXIMUM in mqtt-broker.ts). Each holds its topic for the connection's life, and a
 * client may state 65,535.
 */
export const MAX_OUTGOING_TOPIC_ALIASES = 100;
/**
 * The longest topic (in UTF-16 units) given an alias: a topic may be as long as a packet (those
 * made of Kafka keys can be long), and the aliases hold theirs; longer ones are sent in full every
 * time, as access-decisions.ts keeps no decision for them.
 */
export const MAX_ALIASED_TOPIC_LENGTH = 256;

/**
 * Topic aliases the broker uses towards one client on one network connection (MQTT 5 section
 * 3.3.2.3.4): at most the Topic Alias Maximum the client stated in CONNECT, and no more than
 * MAX_OUTGOING_TOPIC_ALIASES. The first PUBLISH of a topic carries the topic and a new alias;
 * later ones carry the alias alone. Once every alias is taken, the least recently used one is
 * given to the new topic (sent with its topic again).
 */
export class OutgoingTopicAliases {
  /** Topic → alias, in order of last use (a Map keeps insertion order; a use re-inserts). */
  readonly #aliases = new Map<string, number>();
  readonly #maximum: number;

  /** `clientMaximum`: the Topic Alias Maximum the client stated. */
  constructor(clientMaximum: number) {
    this.#maximum = Math.min(clientMaximum, MAX_OUTGOING_TOPIC_ALIASES);
  }

  /** Whether the topic is short enough to be given an alias. */
  takes(topic: string): boolean {
    return topic.length <= MAX_ALIASED_TOPIC_LENGTH;
  }

  /** The alias the client already knows for this topic. */
  known(topic: string): number | undefined {
    const alias = this.#aliases.get(topic);
    if (alias !== undefined) {
      this.#aliases.delete(topic);
      this.#aliases.set(topic, alias);
    }
    return alias;
  }

  /** The alias a new topic would get; nothing is changed until `assign`. */
  candidate(): number {
    if (this.#aliases.size < this.#maximum) return this.#aliases.size + 1;
    return this.#aliases.values().next().value as number;
  }

  /** Records that the client was sent `topic` with `alias`, replacing the alias' earlier topic. */
  assign(topic: string, alias: number): void {
    if (this.#aliases.size >= this.#maximum) {
      const oldest = this.#aliases.keys().next().value;
      if (oldest !== undefined) this.#aliases.delete(oldest);
    }
    this.#aliases.set(topic, alias);
  }
}
