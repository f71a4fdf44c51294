/**
 * Topic aliases the broker uses towards one client on one network connection (MQTT 5 section
 * 3.3.2.3.4): at most the Topic Alias Maximum the client stated in CONNECT. The first PUBLISH of a
 * topic carries the topic and a new alias; later ones carry the alias alone. Once every alias is
 * taken, the least recently used one is given to the new topic (sent with its topic again).
 */
export class OutgoingTopicAliases {
  /** Topic → alias, in order of last use (a Map keeps insertion order; a use re-inserts). */
  readonly #aliases = new Map<string, number>();

  constructor(private readonly maximum: number) {}

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
    if (this.#aliases.size < this.maximum) return this.#aliases.size + 1;
    return this.#aliases.values().next().value as number;
  }

  /** Records that the client was sent `topic` with `alias`, replacing the alias' earlier topic. */
  assign(topic: string, alias: number): void {
    if (this.#aliases.size >= this.maximum) {
      const oldest = this.#aliases.keys().next().value;
      if (oldest !== undefined) this.#aliases.delete(oldest);
    }
    this.#aliases.set(topic, alias);
  }
}
