/** Spec section 2, home dashboard: counters refresh every 60000 ms… */
export const HOME_REFRESH_MS = 60_000;

/**
 * An answer this young is not asked again when another card mounts with the same call: the
 * dashboard's cards share the counters, and mount one after another as their code arrives.
 */
export const HOME_SHARED_ANSWER_MS = 5_000;

/** …and what rarely changes (the broker's config, its version) every 660000 ms. */
export const HOME_SLOW_REFRESH_MS = 660_000;
