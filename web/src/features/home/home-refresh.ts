/** Spec section 2, home dashboard: counters refresh every 60000 ms… */
export const HOME_REFRESH_MS = 60_000;

/** …and what rarely changes (the broker's config, its version) every 660000 ms. */
export const HOME_SLOW_REFRESH_MS = 660_000;
