/**
 * Topics (and topic filters) whose decisions one connection keeps at most; past it they start
 * over. A device publishes to a handful of topics, so its decisions stay; one that writes a new
 * topic every time gains nothing, loses nothing but the lookup, and holds no more than this.
 */
export const DECISIONS_PER_CONNECTION = 64;
/**
 * The longest topic (in UTF-16 units) whose decision is kept: a topic may be as long as a packet,
 * and a connection holding 64 of those would hold megabytes. Longer topics are asked every time.
 */
export const MAX_KEPT_TOPIC_LENGTH = 256;

/** What the decisions are asked of (AccessControl, for an admitted client). */
export interface DecidingAccess<Admitted extends object> {
  mayPublish(client: Admitted, topic: string): boolean;
  maySubscribe(client: Admitted, topicFilter: string): boolean;
  /** Changes whenever an answer of mayPublish or maySubscribe may change; absent: nothing is kept. */
  rulesRevision?(): number;
}

/** One admitted connection's decisions, taken under the rules of `revision`. */
interface ConnectionDecisions {
  revision: number;
  readonly publish: Map<string, boolean>;
  readonly subscribe: Map<string, boolean>;
}

function remember(decisions: Map<string, boolean>, topic: string, allowed: boolean): void {
  if (decisions.size >= DECISIONS_PER_CONNECTION) decisions.clear();
  decisions.set(topic, allowed);
}

/**
 * Access decisions kept per admitted connection and topic, so that a client publishing to the
 * same topics is not judged against its rule patterns at every PUBLISH. A decision holds only as
 * long as the rules it was taken under: the access control's revision changes with any edit of
 * them (credentials saved or deleted, anonymous-access rules saved), and a connection's decisions
 * taken under another revision are dropped before the next one is answered, so an edit applies
 * to the very next PUBLISH or SUBSCRIBE. An access control that states no revision is asked every
 * time. Decisions belong to the admission: a connection that authenticates again starts afresh.
 */
export class AccessDecisions<Admitted extends object> {
  readonly #byAdmission = new WeakMap<Admitted, ConnectionDecisions>();

  constructor(private readonly access: DecidingAccess<Admitted>) {}

  mayPublish(client: Admitted, topic: string): boolean {
    return this.#decide(client, topic, 'publish');
  }

  maySubscribe(client: Admitted, topicFilter: string): boolean {
    return this.#decide(client, topicFilter, 'subscribe');
  }

  #decide(client: Admitted, topic: string, list: 'publish' | 'subscribe'): boolean {
    const decisions = this.#decisionsOf(client);
    let allowed = decisions?.[list].get(topic);
    if (allowed === undefined) {
      allowed = list === 'publish' ? this.access.mayPublish(client, topic) : this.access.maySubscribe(client, topic);
      if (decisions && topic.length <= MAX_KEPT_TOPIC_LENGTH) remember(decisions[list], topic, allowed);
    }
    return allowed;
  }

  #decisionsOf(client: Admitted): ConnectionDecisions | undefined {
    if (!this.access.rulesRevision) return undefined;
    const revision = this.access.rulesRevision();
    let decisions = this.#byAdmission.get(client);
    if (!decisions) {
      decisions = { revision, publish: new Map(), subscribe: new Map() };
      this.#byAdmission.set(client, decisions);
    } else if (decisions.revision !== revision) {
      decisions.revision = revision;
      decisions.publish.clear();
      decisions.subscribe.clear();
    }
    return decisions;
  }
}
